import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/api-envelope.js';
import { siteConfigSchema } from '../../../shared/schemas/site.js';
import { ok } from '../../lib/reply.js';

/** GET /api/config: the brand and outside links the client shows (footer, menus, app stores). */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const data = {
    brand: config.BRAND_NAME,
    mainSiteUrl: config.MAIN_SITE_URL,
    social: {
      facebook: config.SOCIAL_FACEBOOK_URL,
      twitter: config.SOCIAL_TWITTER_URL,
      instagram: config.SOCIAL_INSTAGRAM_URL,
    },
    appStores: { apple: config.APP_STORE_URL, google: config.PLAY_STORE_URL },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/config',
      { schema: { tags: ['site'], response: { 200: envelope(siteConfigSchema) } } },
      async () => ok(data),
    );
}
