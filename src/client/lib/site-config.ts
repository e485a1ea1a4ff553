import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@shared/schemas/site.js';
import { apiGet } from './api-client.js';

const FALLBACK: SiteConfig = {
  brand: 'Twang',
  mainSiteUrl: '/',
  social: { facebook: '#', twitter: '#', instagram: '#' },
  appStores: { apple: '#', google: '#' },
  youtubeIframeApiUrl: 'https://www.youtube.com/iframe_api',
};

/**
 * The server writes GET /api/config's data into every page it sends, saving a request, and the
 * server's render reads the same before drawing any page: the first render in the browser shows
 * the configured brand and links as the server drew them.
 */
function configInPage(): SiteConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById('site-config')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SiteConfig;
  } catch {
    return undefined;
  }
}

/** The site config's query key: no page's state carries it (the page has it in #site-config). */
export const SITE_CONFIG_KEY = 'site-config';

export const siteConfigQuery = queryOptions({
  queryKey: [SITE_CONFIG_KEY],
  queryFn: ({ signal }) => apiGet<SiteConfig>('/config', signal),
  initialData: configInPage,
  staleTime: Infinity,
});

/** The brand and outside links; a sensible fallback while loading, so the shell never waits. */
export function useSiteConfig(): SiteConfig {
  return useQuery(siteConfigQuery).data ?? FALLBACK;
}
