import { createLruCache } from '@server/lib/lru-cache.js';
import type { SessionRecord } from '../auth/session-repository.js';
import type { CacheChange, CacheInvalidation } from '../public-pages/cache-invalidation.js';

/** Every video and artist a signed-in viewer likes. */
export interface ViewerLikes {
  videos: ReadonlySet<number>;
  artists: ReadonlySet<number>;
}

/**
 * What a signed-in request needs before its page, kept per instance so a cached page costs no
 * database round trip: the session behind a token, and the viewer's likes.
 */
export interface ViewerCache {
  /** The session a token's hash opens, as the database would answer it now; null for none. */
  session(tokenHash: string): Promise<SessionRecord | null>;
  /** The session a token's hash opens, when kept here and fresh; else null (ask the database). */
  keptSession(tokenHash: string): SessionRecord | null;
  /** Every id the user likes, or null when not known here: ask about the page's ids instead. */
  likes(userId: number): Promise<ViewerLikes | null>;
  /**
   * The session a token's hash opens and its user's likes, when both are kept here and fresh:
   * what a signed-in read needs, without waiting. Null when either needs the database.
   */
  known(tokenHash: string): KnownViewer | null;
  /** Accounts or sessions changed: forget every one, here and on every other instance. */
  invalidate(): Promise<void>;
  /** A user liked or unliked something: forget their likes, everywhere. */
  likesChanged(userId: number): Promise<void>;
}

export interface KnownViewer {
  session: SessionRecord;
  likes: ViewerLikes;
}

export interface ViewerCacheOptions {
  invalidation: CacheInvalidation;
  loadSession(tokenHash: string): Promise<SessionRecord | null>;
  isSessionFresh(record: SessionRecord): boolean;
  /** Null when the user likes too much to keep: see `maxLikedIds`. */
  loadLikes(userId: number): Promise<ViewerLikes | null>;
  maxSessions: number;
  /** Bounds the memory of every viewer's likes together, counted in ids. */
  maxLikedIds: number;
  /**
   * A safety net, as for pages: every change through the API drops what it touches at once;
   * this bounds how long likes written behind the API's back stay unseen.
   */
  likesMaxAgeMs: number;
  now?: () => number;
}

const likerDependency = (userId: number) => `liker:${userId}`;
const LIKER = /^liker:(\d+)$/;

/** Likes as kept: null ones too (a viewer who likes too much), which a load of null would not be. */
interface KeptLikes {
  likes: ViewerLikes | null;
}

export function createViewerCache(options: ViewerCacheOptions): ViewerCache {
  const { invalidation, loadSession, loadLikes } = options;
  const sessions = createLruCache<string, SessionRecord>({
    maxWeight: options.maxSessions,
    weigh: () => 1,
    isFresh: options.isSessionFresh,
  });
  const likes = createLruCache<number, KeptLikes>({
    maxWeight: options.maxLikedIds,
    weigh: ({ likes }) => 1 + (likes ? likes.videos.size + likes.artists.size : 0),
    maxAgeMs: options.likesMaxAgeMs,
    now: options.now,
  });
  const loadKeptLikes = async (userId: number): Promise<KeptLikes> => ({
    likes: await loadLikes(userId),
  });

  const apply = (change: CacheChange) => {
    if (change.kind === 'viewers') {
      sessions.clear();
      likes.clear();
      return;
    }
    if (change.kind !== 'dependency') return;
    const liker = LIKER.exec(change.dependency);
    if (liker) likes.delete(Number(liker[1]));
  };
  invalidation.subscribe(apply);
  // While deaf to other instances, a session revoked there could still open here: keep nothing.
  invalidation.onLiveChange(() => apply({ kind: 'viewers' }));

  return {
    session(tokenHash) {
      if (!invalidation.isLive()) return loadSession(tokenHash);
      return sessions.get(tokenHash, loadSession);
    },
    keptSession(tokenHash) {
      if (!invalidation.isLive()) return null;
      return sessions.peek(tokenHash) ?? null;
    },
    async likes(userId) {
      if (!invalidation.isLive()) return null;
      const kept = await likes.get(userId, loadKeptLikes);
      return kept?.likes ?? null;
    },
    known(tokenHash) {
      if (!invalidation.isLive()) return null;
      const session = sessions.peek(tokenHash);
      const kept = session ? likes.peek(session.user.id)?.likes : null;
      return session && kept ? { session, likes: kept } : null;
    },
    async invalidate() {
      apply({ kind: 'viewers' });
      await invalidation.publish({ kind: 'viewers' });
    },
    async likesChanged(userId) {
      const change: CacheChange = { kind: 'dependency', dependency: likerDependency(userId) };
      apply(change);
      await invalidation.publish(change);
    },
  };
}
