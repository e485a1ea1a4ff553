import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
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

const SiteConfigContext = createContext<SiteConfig | null>(null);

/**
 * Reads the site config once for the whole app: a query observer for each of the page's
 * readers (the navigation, the footer, the title, the player…) was a tenth of a first-time
 * page's render on the server. The query never goes stale, so one reader hears every change.
 */
export function SiteConfigProvider({ children }: { children: ReactNode }) {
  const config = useQuery(siteConfigQuery).data ?? FALLBACK;
  return <SiteConfigContext.Provider value={config}>{children}</SiteConfigContext.Provider>;
}

/** The brand and outside links; a sensible fallback while loading, so the shell never waits. */
export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext) ?? FALLBACK;
}
