import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '@shared/schemas/site.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample } from '@server/lib/route-schema.js';
import { siteConfigOf } from './site-config.js';

/**
 * GET /api/config: siteConfigOf. Pages carry the same data in their HTML (modules/server-render/page-serving.ts),
 * so the web client asks only when that is missing; the mobile app asks here.
 */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const data = siteConfigOf(app.config);
  const example = { status: 200, data, message: 'OK' };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Brand, main-site, social and app-store links for the client',
        tags: ['site'],
        response: { 200: answerWithExample(siteConfigSchema, example) },
      },
    },
    async () => ok(data),
  );
}
