import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderHead } from '../modules/seo/head-tags.js';
import { prepareIndexTemplate } from '../modules/seo/index-template.js';
import { pageMetaFor, plainPageMeta } from '../modules/seo/page-meta.js';
import { seoRoutes, siteOf } from '../modules/seo/seo-routes.js';

export interface ClientApp {
  /**
   * Sends the SPA's index.html (client routes are resolved in the browser), with the head tags
   * of the requested page filled in for link previews.
   */
  sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

/**
 * Serves the built client from `dir` when it exists: hashed assets with long caching, and
 * index.html for every page path. Without a build (API-only tests) it serves only robots.txt and
 * the sitemap, which describe the site whether or not this process serves its pages.
 */
export async function registerClientApp(
  app: FastifyInstance,
  dir: string,
): Promise<ClientApp | null> {
  await app.register(seoRoutes);
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const renderPage = prepareIndexTemplate(readFileSync(indexFile, 'utf8'));
  const site = siteOf(app);
  await app.register(fastifyStatic, {
    root,
    index: false,
    // Only the files that exist get routes; every other path falls through to the page.
    wildcard: false,
    setHeaders: (res, path) => {
      const hashed = path.includes(`${join(root, 'assets')}`);
      res.setHeader(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });

  const headFor = async (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '/';
    try {
      return renderHead(await pageMetaFor(app.db, site, path));
    } catch (error) {
      // A preview is a nicety: the page itself must still load when the lookup fails.
      request.log.warn({ err: error }, 'page meta lookup failed');
      return renderHead(plainPageMeta(site));
    }
  };

  return {
    sendPage: async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(renderPage(await headFor(request))),
  };
}
