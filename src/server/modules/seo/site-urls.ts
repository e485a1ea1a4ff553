import type { FastifyInstance } from 'fastify';

/** The site's public origin (PUBLIC_URL) and the absolute addresses built on it. */
export interface Site {
  brand: string;
  publicUrl: string;
}

/** The site as the app's settings name it. */
export function siteOf(app: FastifyInstance): Site {
  return { brand: app.config.BRAND_NAME, publicUrl: app.config.PUBLIC_URL };
}

/** A site path ('/videos/3') or a stored image ('/media/x.svg', 'https://...') made absolute. */
export function absoluteUrl(site: Site, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith('//')) return `https:${pathOrUrl}`;
  const base = site.publicUrl.replace(/\/+$/, '');
  return `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export function youtubeEmbedUrl(youtubeId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}`;
}
