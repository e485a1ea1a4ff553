import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@shared/schemas/site.js';
import { apiGet } from './api-client.js';

const FALLBACK: SiteConfig = {
  brand: 'Twang',
  mainSiteUrl: '/',
  social: { facebook: '#', twitter: '#', instagram: '#' },
  appStores: { apple: '#', google: '#' },
};

/** The server writes GET /api/config's data into every page it sends, saving a request. */
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

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: ({ signal }) => apiGet<SiteConfig>('/config', signal),
  initialData: configInPage,
  staleTime: Infinity,
});

/** The brand and outside links; a sensible fallback while loading, so the shell never waits. */
export function useSiteConfig(): SiteConfig {
  return useQuery(siteConfigQuery).data ?? FALLBACK;
}
