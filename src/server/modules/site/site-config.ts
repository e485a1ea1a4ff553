import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '@shared/schemas/site.js';

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
