import { describe, expect, it } from 'vitest';
import type { HomeData } from '../../../shared/schemas/public-catalogue.js';
import type { Video } from '../../../shared/schemas/catalogue.js';
import { createHomeCache, type HomeCache } from './home-cache.js';
import type { HomeChange, HomeInvalidation } from './home-invalidation.js';

function video(id: number): Video {
  return {
    id,
    epid: id,
    title: `Video ${id}`,
    description: '',
    thumbnail: '',
    youtube_id: 'aaaaaaaaaaa',
    youtube_url: '',
    link: '',
    episode_number: null,
    epnum: null,
    public_state: true,
    published_at: new Date(0).toISOString(),
    like_count: 0,
    tags: [],
  };
}

/** An invalidation channel the test drives: it plays the other instances and Redis. */
function fakeChannel() {
  const listeners: ((change: HomeChange) => void)[] = [];
  const liveListeners: ((live: boolean) => void)[] = [];
  const published: HomeChange[] = [];
  let live = true;
  const channel: HomeInvalidation = {
    publish: async (change) => {
      published.push(change);
    },
    subscribe: (listener) => listeners.push(listener),
    isLive: () => live,
    onLiveChange: (listener) => liveListeners.push(listener),
    close: async () => undefined,
  };
  return {
    channel,
    published,
    fromElsewhere: (change: HomeChange) => listeners.forEach((listener) => listener(change)),
    setLive: (value: boolean) => {
      live = value;
      liveListeners.forEach((listener) => listener(value));
    },
  };
}

function setUp(options: { maxAgeMs?: number } = {}) {
  const fake = fakeChannel();
  let clock = 0;
  let builds = 0;
  let featured = 1;
  let failNext = false;
  let release: (() => void) | null = null;
  let holdNext = false;
  const cache: HomeCache = createHomeCache({
    build: async () => {
      builds += 1;
      const shown = featured;
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      if (failNext) {
        failNext = false;
        throw new Error('database away');
      }
      const data: HomeData = {
        featured_video: video(shown),
        categories: [{ id: 7, title: 'Row', videos: [video(10), video(11)] }],
      };
      return data;
    },
    serialize: (data) => JSON.stringify(data),
    invalidation: fake.channel,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    now: () => clock,
  });
  return {
    cache,
    fake,
    builds: () => builds,
    feature: (id: number) => (featured = id),
    failNext: () => (failNext = true),
    holdNext: () => (holdNext = true),
    release: () => release?.(),
    advance: (ms: number) => (clock += ms),
  };
}

const featuredId = async (cache: HomeCache) => (await cache.current()).data.featured_video?.id;

describe('the home cache', () => {
  it('builds once for every caller, however many arrive together, then serves the same bytes', async () => {
    const s = setUp();
    const snapshots = await Promise.all(Array.from({ length: 20 }, () => s.cache.current()));
    expect(s.builds()).toBe(1);
    expect(new Set(snapshots.map((snapshot) => snapshot.body)).size).toBe(1);
    await s.cache.current();
    expect(s.builds()).toBe(1);
    expect(snapshots[0]!.etag).toMatch(/^"[\w-]+"$/);
    expect([...snapshots[0]!.videoIds].sort((a, b) => a - b)).toEqual([1, 10, 11]);
  });

  it('rebuilds after an invalidation, and tells the other instances', async () => {
    const s = setUp();
    expect(await featuredId(s.cache)).toBe(1);
    s.feature(2);
    expect(await featuredId(s.cache)).toBe(1);
    await s.cache.invalidate();
    expect(await featuredId(s.cache)).toBe(2);
    expect(s.fake.published).toEqual([{ kind: 'all' }]);
  });

  it('does not keep a build that began before an invalidation', async () => {
    const s = setUp();
    s.holdNext();
    const early = s.cache.current();
    s.feature(3);
    await s.cache.invalidate();
    s.release();
    expect((await early).data.featured_video?.id).toBe(1);
    expect(await featuredId(s.cache)).toBe(3);
  });

  it('drops the page for a changed video only when the page shows it', async () => {
    const s = setUp();
    await s.cache.current();
    await s.cache.videoChanged(999);
    await s.cache.current();
    expect(s.builds()).toBe(1);
    await s.cache.videoChanged(11);
    await s.cache.current();
    expect(s.builds()).toBe(2);
    expect(s.fake.published).toEqual([
      { kind: 'video', id: 999 },
      { kind: 'video', id: 11 },
    ]);
  });

  it("follows the other instances' changes", async () => {
    const s = setUp();
    await s.cache.current();
    s.fake.fromElsewhere({ kind: 'video', id: 998 });
    await s.cache.current();
    expect(s.builds()).toBe(1);
    s.fake.fromElsewhere({ kind: 'video', id: 10 });
    await s.cache.current();
    expect(s.builds()).toBe(2);
    s.feature(4);
    s.fake.fromElsewhere({ kind: 'all' });
    expect(await featuredId(s.cache)).toBe(4);
  });

  it('keeps nothing while deaf to the other instances, and forgets what it held from before', async () => {
    const s = setUp();
    await s.cache.current();
    s.fake.setLive(false);
    await s.cache.current();
    await s.cache.current();
    expect(s.builds()).toBe(3);
    s.fake.setLive(true);
    await s.cache.current();
    await s.cache.current();
    expect(s.builds()).toBe(4);
  });

  it('rebuilds a page older than its maximum age', async () => {
    const s = setUp({ maxAgeMs: 1000 });
    await s.cache.current();
    s.advance(999);
    await s.cache.current();
    expect(s.builds()).toBe(1);
    s.advance(1);
    await s.cache.current();
    expect(s.builds()).toBe(2);
  });

  it('passes a failed build on to its callers and tries again on the next call', async () => {
    const s = setUp();
    s.failNext();
    await expect(s.cache.current()).rejects.toThrow('database away');
    expect(await featuredId(s.cache)).toBe(1);
    expect(s.builds()).toBe(2);
  });
});
