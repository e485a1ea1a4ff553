import type { FastifyInstance } from 'fastify';
import { createLocalInvalidation, createRedisInvalidation } from './cache-invalidation.js';
import { createPageCache, type PageCache } from './page-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageCache;
  }
}

/**
 * Writes that cannot change what a cached page shows. Every other successful write through the
 * API drops every cached page, so a new route is safe by default. Likes say which video or
 * artist they touched (likes-routes.ts), and drop only the pages that show it.
 */
const WRITES_NO_PAGE_SHOWS = new Set([
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/recovery/generate',
  'POST /api/recovery/validate',
  'POST /api/recovery/reset',
  'PUT /api/users',
  'PUT /api/users/password',
  'PUT /api/users/liked/add-artist',
  'PUT /api/users/liked/remove-artist',
  'PUT /api/users/liked/add-video',
  'PUT /api/users/liked/remove-video',
  'POST /api/admin/users',
  'PUT /api/admin/users',
]);

/** Five minutes: see PageCacheOptions.maxAgeMs. */
const MAX_AGE_MS = 5 * 60_000;

/**
 * 24 MB of JSON and its encodings: the home (~50 KB) and about a thousand video, category and
 * artist pages (~15 KB each), well inside the 250 MB a server may use under load.
 */
const MAX_BYTES = 24 * 1024 * 1024;

/**
 * The public pages (home, video, category, artist, search), built once and kept until something
 * they show changes, on this instance and (with REDIS_URL) on every other one.
 */
export function registerPageCache(app: FastifyInstance): void {
  const url = app.config.REDIS_URL;
  const pageCache = createPageCache({
    invalidation: url ? createRedisInvalidation(url) : createLocalInvalidation(),
    maxAgeMs: MAX_AGE_MS,
    maxBytes: MAX_BYTES,
  });
  app.decorate('pageCache', pageCache);
  app.addHook('onClose', async () => pageCache.close());
  // Before the answer leaves, so whoever made the change sees it on their next read.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
      return;
    }
    if (reply.statusCode >= 400 || !request.url.startsWith('/api/')) return;
    if (WRITES_NO_PAGE_SHOWS.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    await pageCache.invalidate();
  });
}
