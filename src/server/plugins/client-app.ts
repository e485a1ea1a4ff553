import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scriptSafeJson } from '@shared/script-safe-json.js';
import { drawnAddress, pageLink, SEARCH_FORM_PATH } from '@shared/page-paths.js';
import { renderHead } from '../modules/seo/head-tags.js';
import { modulePreloadTags, prepareIndexTemplate } from '../modules/seo/index-template.js';
import { describePage, plainPageMeta, type DescribedPage } from '../modules/seo/page-meta.js';
import { seoRoutes, siteOf } from '../modules/seo/seo-routes.js';
import { cachedHomePage } from '../modules/home/home-page.js';
import { cachedVideo } from '../modules/videos/video-page.js';
import { siteConfigOf } from '../modules/site/site-routes.js';
import { preferredEncoding } from '../lib/content-encoding.js';
import { matchesEtag } from '../lib/etag.js';
import { inlineScripts } from './inline-scripts.js';
import { homeImagePreload, pagePreloads } from './page-preloads.js';
import { pagePolicy, playerScriptOrigins } from './security-headers.js';
import type { CachedPage } from '../modules/public-pages/page-cache.js';
import { sendCachedDocument } from '../modules/public-pages/send-cached-page.js';
import { pageDocuments, type WritePage } from '../modules/server-render/page-documents.js';
import { pageRenderer } from '../modules/server-render/page-renderer.js';

export interface ClientApp {
  /**
   * Sends a page: rendered on the server (modules/server-render) where the render is built,
   * else the app's index.html for the browser to draw; either way with the page's own head tags
   * and a 404 when no page lives at the path.
   */
  sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (theme-init.js, the logo) may change with a deploy: short, then revalidated. */
const SHORT = 'public, max-age=300';
const PRECOMPRESSED = /\.(?:br|gz)$/;
const TITLE = /<title>[^<]*<\/title>/;

/**
 * Serves the built client from `dir` when it exists: hashed assets with long caching, and
 * index.html for every page path. Without a build (API-only tests) it serves only robots.txt and
 * the sitemap, which describe the site whether or not this process serves its pages.
 *
 * The build writes .br and .gz twins of every compressible file (scripts/compress-client.ts);
 * @fastify/static sends the one the client accepts, so no static file is compressed per request.
 */
export async function registerClientApp(
  app: FastifyInstance,
  dir: string,
): Promise<ClientApp | null> {
  await app.register(seoRoutes);
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const inlined = inlineScripts(root, readFileSync(indexFile, 'utf8'));
  const renderPage = prepareIndexTemplate(inlined.html, inlined.appStart);
  const pageCsp = pagePolicy(app.config.IMAGE_HOSTS, inlined.hashes, playerScriptOrigins(app));
  const preloadsFor = pagePreloads(root);
  // GET /api/config's data, which every page needs before its first paint: one request fewer.
  // JSON is data, not script, so the page policy (no inline scripts) does not stop it.
  const siteConfig = `<script type="application/json" id="site-config">${scriptSafeJson(siteConfigOf(app.config))}</script>`;
  const site = siteOf(app);
  const assets = join(root, 'assets') + sep;
  const twinned = filesWithTwins(root);
  const setHeaders = (res: { setHeader: (name: string, value: string) => void }, path: string) => {
    const original = path.replace(PRECOMPRESSED, '');
    res.setHeader('cache-control', original.startsWith(assets) ? IMMUTABLE : SHORT);
    // A cache in between must keep the encodings apart.
    if (twinned.has(original)) res.setHeader('vary', 'accept-encoding');
  };
  const shared = {
    index: false,
    preCompressed: true,
    // send's own `max-age=0` would otherwise be written over setHeaders' choice.
    cacheControl: false,
    setHeaders,
  } as const;
  // The hashed assets: one route for the folder, so starting does not glob and register a
  // route per file (~250 routes, ~130 ms of a cold start). A missing file, or a twin asked for
  // by name (the twins are reached through their originals), falls through to the page.
  await app.register(fastifyStatic, {
    ...shared,
    root: assets,
    prefix: '/assets/',
    wildcard: true,
    allowedPath: (pathname) => !PRECOMPRESSED.test(pathname),
  });
  // The few files beside index.html: only those that exist get routes. The raw template is
  // not a page.
  await app.register(fastifyStatic, {
    ...shared,
    root,
    wildcard: false,
    decorateReply: false,
    // Vite's manifest (.vite/) is read at start for the preloads, and is nobody else's business.
    globIgnore: ['index.html', 'assets/**', '.vite/**', '**/*.br', '**/*.gz'],
  });

  const describe = async (request: FastifyRequest, path: string): Promise<DescribedPage> => {
    try {
      return await describePage(app.db, site, path, { video: (id) => cachedVideo(app, id) });
    } catch (error) {
      // A preview is a nicety: the page itself must still load when the lookup fails.
      request.log.warn({ err: error }, 'page meta lookup failed');
      return { meta: plainPageMeta(site), found: true };
    }
  };

  const imageFor = async (request: FastifyRequest, path: string) => {
    if (path !== pageLink.home) return '';
    try {
      return homeImagePreload((await cachedHomePage(app)).data);
    } catch (error) {
      // A head start for one picture: without it the page is only slower.
      request.log.warn({ err: error }, 'home image lookup failed');
      return '';
    }
  };

  const writePage: WritePage = async (request, path, rendered) => {
    const hints = preloadsFor(path);
    const [described, image] = await Promise.all([
      describe(request, path),
      imageFor(request, path),
    ]);
    // A rendered page carries its data; only the bare app has its first fetch started early.
    const data = rendered ? '' : hints.data;
    // The page's own title ("About | Twang") where the app rendered one.
    const ownTitle = rendered?.title;
    const tags = renderHead(described.meta);
    const meta = ownTitle ? tags.replace(TITLE, () => ownTitle) : tags;
    const head = [meta, siteConfig, data, image].filter(Boolean).join('\n    ');
    // A drawn page starts its own chunks with the app; the bare app preloads them at once.
    const page = rendered ? renderPage(head, rendered, hints.scripts) : renderPage(head);
    const code = hints.styles + (rendered ? '' : modulePreloadTags(hints.scripts));
    const html = code ? page.replace('</head>', () => `${code}</head>`) : page;
    return { html, found: described.found };
  };
  const documents = pageDocuments(app, pageRenderer(root), writePage);

  return {
    sendPage: async (request, reply) => {
      const mark = request.url.indexOf('?');
      const path = mark < 0 ? request.url : request.url.slice(0, mark);
      const query = new URLSearchParams(mark < 0 ? '' : request.url.slice(mark + 1));
      if (path === SEARCH_FORM_PATH) return redirectSearch(request, reply);
      void reply.header('cache-control', 'no-cache').header('content-security-policy', pageCsp);
      const document = await documents.get(request, drawnAddress(path, query));
      if (document) {
        app.visitorLane.offer(request, document as CachedPage<unknown>);
        return sendCachedDocument(request, reply.code(document.data.status), document);
      }
      const { html, found } = await writePage(request, path);
      // Weak: the same tag stands for the page in any of its encodings.
      const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
      void reply
        .type('text/html; charset=utf-8')
        .header('vary', 'accept-encoding')
        .header('etag', etag);
      // The app shows its not-found page; the status tells crawlers there is no page here.
      if (!found) return sendCompressed(request, reply.code(404), html);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return sendCompressed(request, reply, html);
    },
  };
}

/**
 * The top bar's search form without JavaScript (GET /search?q=words): on to the search page for
 * those words, or home when there are none (as the app ignores an empty search).
 */
function redirectSearch(request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, unknown> | undefined;
  const words = typeof query?.q === 'string' ? query.q.trim().slice(0, 100) : '';
  const to = words ? pageLink.search(words) : pageLink.home;
  return reply.header('cache-control', 'no-cache').redirect(to, 303);
}

/** Absolute paths of the files the build compressed (those that have a .br or .gz beside them). */
function filesWithTwins(root: string): Set<string> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  return new Set(
    files
      .filter((file) => PRECOMPRESSED.test(file))
      .map((file) => join(root, file).replace(PRECOMPRESSED, '')),
  );
}

/**
 * The page is a few KB made per request, so it is compressed per request, at a level that
 * costs about 0.1 ms (measured on a 2.6 KB video page: brotli 5 -> 0.66 KB in 70–130 µs,
 * gzip 6 -> 0.82 KB in ~50 µs; brotli 11 would take 7 ms for 70 bytes more).
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    const body = brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_LGWIN]: 16,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') {
    return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  }
  return reply.send(html);
}
