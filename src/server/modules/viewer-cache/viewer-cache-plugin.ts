import type { FastifyInstance } from 'fastify';
import { findSession, isSessionFresh } from '../auth/session-repository.js';
import { findViewerLikes } from '../likes/liked-ids-repository.js';
import type { CacheInvalidation } from '../public-pages/cache-invalidation.js';
import { createViewerCache, type ViewerCache } from './viewer-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    viewerCache: ViewerCache;
  }
}

/** A viewer who likes more is asked about each page's ids instead. */
const LIKES_PER_VIEWER = 1_000;
const LIKES_MAX_AGE_MS = 5 * 60_000;

/**
 * Sessions and viewers' likes kept in memory, so a signed-in view of a cached page needs no
 * database round trip. They are dropped on every instance when they change, over the channel
 * the page cache uses, and not kept while that channel is deaf.
 */
export function registerViewerCache(app: FastifyInstance, invalidation: CacheInvalidation): void {
  const viewerCache = createViewerCache({
    invalidation,
    loadSession: (tokenHash) => findSession(app.db, tokenHash),
    isSessionFresh: (record) => isSessionFresh(record),
    loadLikes: (userId) => findViewerLikes(app.db, userId, LIKES_PER_VIEWER),
    // VIEWER_CACHE_SESSIONS (~0.5 KB each: 10,000 in ~5 MB) and VIEWER_CACHE_LIKED_IDS (a few
    // MB per 200,000 ids, however they spread over viewers).
    maxSessions: app.config.VIEWER_CACHE_SESSIONS,
    maxLikedIds: app.config.VIEWER_CACHE_LIKED_IDS,
    likesMaxAgeMs: LIKES_MAX_AGE_MS,
  });
  // Writes drop viewers through one hook, from what their routes declare (modules/cache-drops).
  app.decorate('viewerCache', viewerCache);
}
