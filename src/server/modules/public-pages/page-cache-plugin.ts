import type { FastifyInstance } from 'fastify';
import { apiWriteRoute } from '../../lib/api-write.js';
import type { CacheInvalidation } from './cache-invalidation.js';
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
 * 24 MB as page-cache.ts counts it (JSON, encodings and parsed data): the home (~40 KB) and
 * about two thousand video, category, artist and search pages. The server's memory grows ~2.7x
 * what is counted (the objects around each page, its dependencies, garbage): measured after the
 * bench's 6,300 first-time video pages, 48 MB gave a 315 MB server and 24 MB a 250 MB one.
 */
const MAX_BYTES = 24 * 1024 * 1024;

/**
 * The public pages (home, video, category, artist, search), built once and kept until something
 * they show changes, on this instance and (with REDIS_URL) on every other one.
 */
export function registerPageCache(app: FastifyInstance, invalidation: CacheInvalidation): void {
  const pageCache = createPageCache({
    invalidation,
    maxAgeMs: MAX_AGE_MS,
    maxBytes: MAX_BYTES,
  });
  app.decorate('pageCache', pageCache);
  // Before the answer leaves, so whoever made the change sees it on their next read.
  app.addHook('onSend', async (request, reply) => {
    const route = apiWriteRoute(request);
    if (route === null || reply.statusCode >= 400 || WRITES_NO_PAGE_SHOWS.has(route)) return;
    await pageCache.invalidate();
  });
}
