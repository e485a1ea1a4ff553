import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema, type SiteConfig } from '@shared/schemas/site.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample } from '@server/lib/route-schema.js';

/** The brand and outside links the client shows (footer, menus, app stores). */
export function siteConfigOf(config: FastifyInstance['config']): SiteConfig {
  return {
    brand: config.BRAND_NAME,
    mainSiteUrl: config.MAIN_SITE_URL,
    social: {
      facebook: config.SOCIAL_FACEBOOK_URL,
      twitter: config.SOCIAL_TWITTER_URL,
      instagram: config.SOCIAL_INSTAGRAM_URL,
    },
    appStores: { apple: config.APP_STORE_URL, google: config.PLAY_STORE_URL },
    youtubeIframeApiUrl: config.YOUTUBE_IFRAME_API_URL,
  };
}

/**
 * GET /api/config: siteConfigOf. Pages carry the same data in their HTML (plugins/client-app.ts),
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
