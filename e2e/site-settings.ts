/**
 * The site settings the e2e server runs with (playwright.config.ts): none of them the default,
 * as a real install sets them, so a page that shows a default somewhere (a server render without
 * the brand, say) fails its test. Tests expect these, never the defaults.
 */
export const SITE = {
  brand: 'Banjo Hour',
  publicUrl: 'https://banjo-hour.example',
  mainSiteUrl: 'https://main.banjo-hour.example/',
  social: {
    facebook: 'https://facebook.example/banjohour',
    twitter: 'https://x.example/banjohour',
    instagram: 'https://instagram.example/banjohour',
  },
  appStores: {
    apple: 'https://apps.apple.example/banjohour',
    google: 'https://play.google.example/banjohour',
  },
} as const;

/** SITE as the server's environment (src/server/env.ts). */
export const SITE_ENV = {
  BRAND_NAME: SITE.brand,
  PUBLIC_URL: SITE.publicUrl,
  MAIN_SITE_URL: SITE.mainSiteUrl,
  SOCIAL_FACEBOOK_URL: SITE.social.facebook,
  SOCIAL_TWITTER_URL: SITE.social.twitter,
  SOCIAL_INSTAGRAM_URL: SITE.social.instagram,
  APP_STORE_URL: SITE.appStores.apple,
  PLAY_STORE_URL: SITE.appStores.google,
} as const;
