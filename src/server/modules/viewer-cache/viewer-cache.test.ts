import { describe, expect, it } from 'vitest';
import { fakeCacheChannel } from '@server/testing/fake-cache-channel.js';
import type { SessionRecord } from '../auth/session-repository.js';
import { createViewerCache, type ViewerLikes } from './viewer-cache.js';

function setUp(options: { maxLikedIds?: number } = {}) {
  const fake = fakeCacheChannel();
  let clock = 0;
  const sessionLoads: string[] = [];
  const likeLoads: number[] = [];
  const tooMany = new Set<number>();
  let fresh = true;
  const cache = createViewerCache({
    invalidation: fake.channel,
    loadSession: async (tokenHash) => {
      sessionLoads.push(tokenHash);
      if (tokenHash === 'unknown') return null;
      const record: SessionRecord = {
        user: {
          id: 7,
          email: 'fan@example.com',
          firstName: 'Fan',
          isAdmin: false,
          tokenHash,
          mustEnrol: false,
        },
        expiresAt: 1e12,
        lastSeenAt: 0,
      };
      return record;
    },
    isSessionFresh: () => fresh,
    loadLikes: async (userId) => {
      likeLoads.push(userId);
      if (tooMany.has(userId)) return null;
      const likes: ViewerLikes = { videos: new Set([userId * 10]), artists: new Set() };
      return likes;
    },
    maxSessions: 100,
    maxLikedIds: options.maxLikedIds ?? 1000,
    likesMaxAgeMs: 60_000,
    now: () => clock,
  });
  return {
    cache,
    fake,
    sessionLoads,
    likeLoads,
    tooMany,
    setFresh: (value: boolean) => (fresh = value),
    advance: (ms: number) => (clock += ms),
  };
}

describe('createViewerCache', () => {
  it('asks the database for a session once, until it is no longer fresh', async () => {
    const s = setUp();
    expect((await s.cache.session('abc'))?.user.id).toBe(7);
    await s.cache.session('abc');
    expect(s.sessionLoads).toEqual(['abc']);
    s.setFresh(false);
    await s.cache.session('abc');
    expect(s.sessionLoads).toEqual(['abc', 'abc']);
  });

  it('keeps no unknown token, so each is asked again', async () => {
    const s = setUp();
    expect(await s.cache.session('unknown')).toBeNull();
    expect(await s.cache.session('unknown')).toBeNull();
    expect(s.sessionLoads).toEqual(['unknown', 'unknown']);
  });

  it('forgets every session and like when told accounts changed, here or elsewhere', async () => {
    const s = setUp();
    await s.cache.session('abc');
    await s.cache.likes(1);
    await s.cache.invalidate();
    expect(s.fake.published).toEqual([{ kind: 'viewers' }]);
    await s.cache.session('abc');
    await s.cache.likes(1);
    s.fake.fromElsewhere({ kind: 'viewers' });
    await s.cache.session('abc');
    await s.cache.likes(1);
    expect(s.sessionLoads).toHaveLength(3);
    expect(s.likeLoads).toEqual([1, 1, 1]);
  });

  it('page changes and other viewers’ likes leave a viewer’s likes kept', async () => {
    const s = setUp();
    expect((await s.cache.likes(1))?.videos.has(10)).toBe(true);
    await s.cache.likes(2);
    s.fake.fromElsewhere({ kind: 'all' });
    s.fake.fromElsewhere({ kind: 'dependency', dependency: 'video:10' });
    s.fake.fromElsewhere({ kind: 'dependency', dependency: 'liker:2' });
    await s.cache.likes(1);
    await s.cache.likes(2);
    expect(s.likeLoads).toEqual([1, 2, 2]);
  });

  it('a like drops the liker’s likes here and tells the other instances', async () => {
    const s = setUp();
    await s.cache.likes(3);
    await s.cache.likesChanged(3);
    expect(s.fake.published).toEqual([{ kind: 'dependency', dependency: 'liker:3' }]);
    await s.cache.likes(3);
    expect(s.likeLoads).toEqual([3, 3]);
  });

  it('remembers that a viewer likes too much to keep, and answers null for them', async () => {
    const s = setUp();
    s.tooMany.add(4);
    expect(await s.cache.likes(4)).toBeNull();
    expect(await s.cache.likes(4)).toBeNull();
    expect(s.likeLoads).toEqual([4]);
  });

  it('loads likes again after their maximum age', async () => {
    const s = setUp();
    await s.cache.likes(1);
    s.advance(59_999);
    await s.cache.likes(1);
    s.advance(1);
    await s.cache.likes(1);
    expect(s.likeLoads).toEqual([1, 1]);
  });

  it('keeps nothing while deaf to the other instances, and forgets what it held', async () => {
    const s = setUp();
    await s.cache.session('abc');
    await s.cache.likes(1);
    s.fake.setLive(false);
    await s.cache.session('abc');
    await s.cache.session('abc');
    expect(await s.cache.likes(1)).toBeNull();
    expect(s.sessionLoads).toHaveLength(3);
    s.fake.setLive(true);
    await s.cache.session('abc');
    await s.cache.session('abc');
    expect(s.sessionLoads).toHaveLength(4);
    await s.cache.likes(1);
    expect(s.likeLoads).toEqual([1, 1]);
  });

  it('knows a viewer without waiting only once both their session and likes are kept and fresh', async () => {
    const s = setUp();
    expect(s.cache.known('abc')).toBeNull();
    await s.cache.session('abc');
    expect(s.cache.known('abc')).toBeNull();
    await s.cache.likes(7);
    const known = s.cache.known('abc');
    expect(known?.session.user.id).toBe(7);
    expect(known?.likes.videos.has(70)).toBe(true);
    expect(s.sessionLoads).toEqual(['abc']);
    s.setFresh(false);
    expect(s.cache.known('abc')).toBeNull();
  });

  it('does not know a viewer whose likes changed, who likes too much, or while deaf', async () => {
    const s = setUp();
    await s.cache.session('abc');
    await s.cache.likes(7);
    await s.cache.likesChanged(7);
    expect(s.cache.known('abc')).toBeNull();
    s.tooMany.add(7);
    await s.cache.likes(7);
    expect(s.cache.known('abc')).toBeNull();
    s.tooMany.delete(7);
    await s.cache.likesChanged(7);
    await s.cache.likes(7);
    expect(s.cache.known('abc')).not.toBeNull();
    s.fake.setLive(false);
    expect(s.cache.known('abc')).toBeNull();
  });
});
