import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../shared/schemas/site.js';
import { apiGet } from './api-client.js';

const FALLBACK: SiteConfig = {
  brand: 'Twang',
  mainSiteUrl: '/',
  social: { facebook: '#', twitter: '#', instagram: '#' },
  appStores: { apple: '#', google: '#' },
};

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: ({ signal }) => apiGet<SiteConfig>('/config', signal),
  staleTime: Infinity,
});

/** The brand and outside links; a sensible fallback while loading, so the shell never waits. */
export function useSiteConfig(): SiteConfig {
  return useQuery(siteConfigQuery).data ?? FALLBACK;
}
