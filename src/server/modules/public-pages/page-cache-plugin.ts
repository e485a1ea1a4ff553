import type { FastifyInstance } from 'fastify';
import type { CacheInvalidation } from './cache-invalidation.js';
import { createPageCache, type PageCache } from './page-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageCache;
  }
}

/** Five minutes: see PageCacheOptions.maxAgeMs. */
const MAX_AGE_MS = 5 * 60_000;

/**
 * PAGE_CACHE_MB, as page-cache.ts counts it (JSON, encodings, parsed data, and each page's
 * objects and index entries, cached-page.ts); the default 20 MB holds the home (~40 KB) and about
 * two thousand video, category, artist and search pages. The server's peak through the bench's
 * PostgreSQL phase (thousands of first-time pages and searches, logins, every other row):
 * 250 MB at 24, 240 MB at 20 (2026-12-07).
 */
const bytesOf = (megabytes: number) => megabytes * 1024 * 1024;

/**
 * The public pages (home, video, category, artist, search), built once and kept until something
 * they show changes, on this instance and (with REDIS_URL) on every other one.
 */
export function registerPageCache(app: FastifyInstance, invalidation: CacheInvalidation): void {
  const pageCache = createPageCache({
    invalidation,
    maxAgeMs: MAX_AGE_MS,
    maxBytes: bytesOf(app.config.PAGE_CACHE_MB),
  });
  // Writes drop pages through one hook, from what their routes declare (modules/cache-drops).
  app.decorate('pageCache', pageCache);
}
