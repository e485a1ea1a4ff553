import type { FastifyInstance } from 'fastify';
import { isApiWrite } from '@server/lib/route-rules.js';
import { findSession, isSessionFresh } from '../auth/session-repository.js';
import { findAllLikedIds } from '../likes/likes-repository.js';
import type { CacheInvalidation } from '../public-pages/cache-invalidation.js';
import { createViewerCache, type ViewerCache } from './viewer-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    viewerCache: ViewerCache;
  }
}

/** About 0.5 KB each: 10,000 signed-in viewers in ~5 MB. */
const MAX_SESSIONS = 10_000;
/** About 200,000 ids, a few MB, however they spread over viewers. */
const MAX_LIKED_IDS = 200_000;
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
    loadLikes: async (userId) => {
      const liked = await findAllLikedIds(app.db, userId, LIKES_PER_VIEWER);
      return liked && { videos: new Set(liked.videos), artists: new Set(liked.artists) };
    },
    maxSessions: MAX_SESSIONS,
    maxLikedIds: MAX_LIKED_IDS,
    likesMaxAgeMs: LIKES_MAX_AGE_MS,
  });
  app.decorate('viewerCache', viewerCache);
  // Before the answer leaves, so the caller's next request already sees the change. A write
  // forgets every session and like unless its route says it keeps them (`config.keeps`); likes
  // say whose likes they changed (likes-routes.ts). A failed write changed nothing, unless it
  // failed on the server's side after writing some of it.
  app.addHook('onSend', async (request, reply) => {
    if (!isApiWrite(request) || request.routeOptions.config.keeps?.includes('viewers')) return;
    if (reply.statusCode >= 400 && reply.statusCode < 500) return;
    await viewerCache.invalidate();
  });
}
