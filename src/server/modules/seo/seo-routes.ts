import type { FastifyInstance } from 'fastify';
import { pageLink } from '@shared/page-paths.js';
import { PAGE_NAMES, publicPage } from '@shared/public-pages.js';
import { listSitemapTags, listSitemapVideos } from './seo-repository.js';
import { renderRobots, renderSitemap, SITEMAP_MAX_URLS, type SitemapEntry } from './sitemap.js';
import { absoluteUrl, siteOf } from './site-urls.js';

/** Pages anyone can open that are not in the catalogue: those declared to be listed. */
const STATIC_PAGES = PAGE_NAMES.map(publicPage)
  .filter((page) => page.inSitemap)
  .map((page) => page.path);
/** Crawlers may keep these a few minutes; the catalogue does not change by the second. */
const CACHE = 'public, max-age=300';

/** GET /robots.txt and GET /sitemap.xml: outside /api, hidden from the API document. */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  const site = siteOf(app);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .header('x-content-type-options', 'nosniff')
      .send(renderRobots(absoluteUrl(site, '/sitemap.xml'))),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const room = SITEMAP_MAX_URLS - STATIC_PAGES.length;
    const [tagRows, videoRows] = await Promise.all([
      listSitemapTags(app.db, room),
      listSitemapVideos(app.db, room),
    ]);
    const entries: SitemapEntry[] = [
      ...STATIC_PAGES.map((path) => ({ loc: absoluteUrl(site, path) })),
      ...tagRows.map((row) => ({
        loc: absoluteUrl(site, pageLink.category(row.id)),
        lastmod: row.lastmod,
      })),
      ...videoRows.map((row) => ({
        loc: absoluteUrl(site, pageLink.video(row.id)),
        lastmod: row.lastmod,
      })),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .header('x-content-type-options', 'nosniff')
      .send(renderSitemap(entries));
  });
}
