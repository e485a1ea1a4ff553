import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { drawnAddress, pageLink, SEARCH_FORM_PATH } from '@shared/page-paths.js';
import type { RenderPage } from '@shared/server-render.js';
import { scriptSafeJson } from '@shared/script-safe-json.js';
import { createConcurrencyLimit, type ConcurrencyLimit } from '@server/lib/concurrency-limit.js';
import { preferredEncoding } from '@server/lib/content-encoding.js';
import { matchesEtag } from '@server/lib/etag.js';
import { inlineScripts } from './inline-scripts.js';
import { requestLogLine } from '@server/plugins/request-log.js';
import { pagePolicy, playerScriptOrigins } from '@server/plugins/security-headers.js';
import type { CachedPage } from '../public-pages/page-cache.js';
import { sendCachedDocument } from '../public-pages/send-cached-page.js';
import { prepareIndexTemplate, type IndexTemplate } from '../seo/index-template.js';
import { siteOf, type Site } from '../seo/site-urls.js';
import { siteConfigOf } from '../site/site-config.js';
import { clientGone, pageDocument } from './page-documents.js';
import { pagePreloads, type PagePreloads } from './page-preloads.js';
import { pageRenderer } from './page-renderer.js';
import { renderAnswers } from './render-answers.js';
import { writePage } from './page-writer.js';

/** What serving pages needs, prepared once at start from the built client. */
export interface PageServing {
  app: FastifyInstance;
  site: Site;
  /** The built index.html as a function of a page's head and markup. */
  template: IndexTemplate;
  /** The pages' Content-Security-Policy (its script hashes are the inlined scripts'). */
  csp: string;
  preloadsFor: PagePreloads;
  /**
   * GET /api/config's data, which every page needs before its first paint: one request fewer.
   * JSON is data, not script, so the page policy (no inline scripts) does not stop it.
   */
  siteConfigScript: string;
  /** The client's render entry, or null where it is not built (the app draws the page). */
  renderer: () => Promise<RenderPage | null>;
  /** The first-time pages being made: at most RENDERS_AT_ONCE, the others wait their turn. */
  renders: ConcurrencyLimit;
}

/**
 * First-time pages made at once. Fifty renders under way each held their query cache, router
 * state and half-built markup across their database reads, long enough for the garbage
 * collector to copy them and move them to the old generation, where they died: a third of a
 * page's CPU was the collector's. Four keep the event loop and the database busy (measured on
 * 2 cores, 50 connections, new video pages each once, three runs interleaved: with no limit
 * 4.95 ms of CPU a page and 238 req/s; with 4, 4.38 ms and 272 req/s; with 8, 4.45 ms, 261).
 */
export const RENDERS_AT_ONCE = 4;

/**
 * Prepares page serving from the built client in `dir`, or null without a build (API-only
 * tests): then every page path is a 404 like any unknown address.
 */
export function preparePageServing(app: FastifyInstance, dir: string): PageServing | null {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const inlined = inlineScripts(root, readFileSync(indexFile, 'utf8'));
  return {
    app,
    site: siteOf(app),
    template: prepareIndexTemplate(inlined.html, inlined.appStart),
    csp: pagePolicy(app.config.IMAGE_HOSTS, inlined.hashes, playerScriptOrigins(app)),
    preloadsFor: pagePreloads(root),
    siteConfigScript: `<script type="application/json" id="site-config">${scriptSafeJson(siteConfigOf(app.config))}</script>`,
    renderer: pageRenderer(root),
    renders: createConcurrencyLimit(RENDERS_AT_ONCE),
  };
}

/**
 * Sends a page: rendered on the server where the render is built, else the app's index.html for
 * the browser to draw; either way with the page's own head tags and a 404 when no page a visitor
 * may see lives at the path.
 */
export async function sendPage(
  serving: PageServing,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const mark = request.url.indexOf('?');
  const path = mark < 0 ? request.url : request.url.slice(0, mark);
  const query = new URLSearchParams(mark < 0 ? '' : request.url.slice(mark + 1));
  if (path === SEARCH_FORM_PATH) return redirectSearch(request, reply);
  void reply.header('cache-control', 'no-cache').header('content-security-policy', serving.csp);
  const document = await pageDocument(serving, request, drawnAddress(path, query));
  if (document) {
    serving.app.visitorLane.offer(request, document as CachedPage<unknown>);
    return sendCachedDocument(request, reply.code(document.data.status), document);
  }
  // Its render given up: the page without one would be made for nobody. 499 is what proxies log
  // for a request its client closed; the request log (onResponse) never sees an answer that
  // cannot be finished, so the line is written here.
  if (clientGone(request)) {
    request.log.info(requestLogLine(request, reply, 499), 'request');
    return reply.code(499).send();
  }
  const { html, found } = await writePage(serving, request, path, renderAnswers(serving.app));
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
