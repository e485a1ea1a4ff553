import type { SiteConfig } from '@shared/schemas/site.js';

/** What the client tests' /api/config answers: a brand of the tests' own, links that go nowhere. */
export function testSiteConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    brand: 'Twang Test',
    mainSiteUrl: 'https://example.com/',
    social: { facebook: '#', twitter: '#', instagram: '#' },
    appStores: { apple: '#', google: '#' },
    youtubeIframeApiUrl: 'https://www.youtube.com/iframe_api',
    ...overrides,
  };
}
