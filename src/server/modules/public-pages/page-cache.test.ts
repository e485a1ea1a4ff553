import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { videoOf } from '@server/lib/api-examples.js';
import { fakeCacheChannel } from '@server/testing/fake-cache-channel.js';
import { DEPENDENCY_OVERHEAD_BYTES, PAGE_OVERHEAD_BYTES } from './cached-page.js';
import { createPageCache, type CachedPage, type PageCache, type PageRecipe } from './page-cache.js';
import { videoDependency } from './public-page.js';

// Long enough that a page is worth compressing (page-encodings.ts).
const video = (id: number) =>
  videoOf(id, 'aaaaaaaaaaa', { title: `Video ${id}`, description: 'x'.repeat(300) });

/**
 * What a page of these counts as kept: its body and (estimated) its parsed data, three times the
 * body, and what its objects and its entries in the cache's index take of the heap.
 */
const weightOf = (page: CachedPage<unknown>) =>
  page.body.length * 3 + PAGE_OVERHEAD_BYTES + page.dependsOn.length * DEPENDENCY_OVERHEAD_BYTES;

function setUp(options: { maxAgeMs?: number; maxBytes?: number } = {}) {
  const fake = fakeCacheChannel();
  let clock = 0;
  const builds = new Map<string, number>();
  let featured = 1;
  let failNext = false;
  let release: (() => void) | null = null;
  let holdNext = false;
  const cache: PageCache = createPageCache({
    invalidation: fake.channel,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    now: () => clock,
  });
  /** A page showing the featured video and videos 10 and 11; key 'missing' finds nothing. */
  const recipe = (key: string): PageRecipe<HomeData> => ({
    build: async () => {
      builds.set(key, (builds.get(key) ?? 0) + 1);
      const shown = featured;
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((resolve) => (release = resolve));
      }
      if (failNext) {
        failNext = false;
        throw new Error('database away');
      }
      if (key === 'missing') return null;
      const data: HomeData = {
        featured_video: video(shown),
        categories: [{ id: 7, title: key, videos: [video(10), video(11)] }],
      };
      return { data, dependsOn: [shown, 10, 11].map(videoDependency) };
    },
    message: 'Home page',
  });
  const get = async (key = 'home') => (await cache.get(key, recipe(key)))!;
  return {
    cache,
    fake,
    get,
    lookUp: (key: string) => cache.get(key, recipe(key)),
    featuredId: async (key = 'home') => (await get(key)).data.featured_video?.id,
    builds: (key = 'home') => builds.get(key) ?? 0,
    feature: (id: number) => (featured = id),
    failNext: () => (failNext = true),
    holdNext: () => (holdNext = true),
    release: () => release?.(),
    advance: (ms: number) => (clock += ms),
  };
}

describe('the page cache', () => {
  it('builds once for every caller, however many arrive together, then serves the same bytes', async () => {
    const s = setUp();
    const pages = await Promise.all(Array.from({ length: 20 }, () => s.get()));
    expect(s.builds()).toBe(1);
    expect(new Set(pages.map((page) => page.body.toString())).size).toBe(1);
    await s.get();
    expect(s.builds()).toBe(1);
    expect(pages[0]!.etag).toMatch(/^"[\w-]+"$/);
    expect([...pages[0]!.dependsOn].sort()).toEqual(['video:1', 'video:10', 'video:11']);
  });

  it('keeps each key apart, and keeps nothing for a page that does not exist', async () => {
    const s = setUp();
    expect((await s.get('videos/1')).data.categories[0]!.title).toBe('videos/1');
    expect((await s.get('videos/2')).data.categories[0]!.title).toBe('videos/2');
    await s.get('videos/1');
    expect([s.builds('videos/1'), s.builds('videos/2')]).toEqual([1, 1]);
    expect(await s.lookUp('missing')).toBeNull();
    expect(await s.lookUp('missing')).toBeNull();
    expect(s.builds('missing')).toBe(2);
  });

  it('keeps a small page on memory of its own size, not a slice of a shared block', async () => {
    const page = await setUp().get();
    // Under half of Node's 8 KB pool: Buffer.from would have made it a slice of the pool.
    expect(page.body.length).toBeLessThan(Buffer.poolSize / 2);
    expect(page.body.buffer.byteLength).toBe(page.body.length);
  });

  it('compresses a page once per encoding, on first demand', async () => {
    const s = setUp();
    const page = await s.get();
    const br = page.encodings.get('br')!;
    expect(page.encodings.get('br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(page.body.toString());
    expect(gunzipSync(page.encodings.get('gzip')!).toString()).toBe(page.body.toString());
  });

  it('rebuilds after an invalidation, and tells the other instances', async () => {
    const s = setUp();
    expect(await s.featuredId()).toBe(1);
    await s.get('other');
    s.feature(2);
    expect(await s.featuredId()).toBe(1);
    await s.cache.invalidate();
    expect(await s.featuredId()).toBe(2);
    expect(await s.featuredId('other')).toBe(2);
    expect(s.fake.published).toEqual([{ kind: 'all' }]);
  });

  it('does not keep a build that began before an invalidation, nor share it with later callers', async () => {
    const s = setUp();
    s.holdNext();
    const early = s.get();
    s.feature(3);
    await s.cache.invalidate();
    const late = s.get();
    s.release();
    expect((await early).data.featured_video?.id).toBe(1);
    expect((await late).data.featured_video?.id).toBe(3);
    expect(await s.featuredId()).toBe(3);
    expect(s.builds()).toBe(2);
  });

  it('does not keep a build that missed a change of something it shows', async () => {
    const s = setUp();
    s.holdNext();
    const early = s.get();
    await s.cache.changed(videoDependency(10));
    s.release();
    await early;
    await s.get();
    expect(s.builds()).toBe(2);
    await s.get();
    expect(s.builds()).toBe(2);
  });

  it('keeps a build whose missed changes are of things it does not show', async () => {
    const s = setUp();
    s.holdNext();
    const early = s.get();
    await s.cache.changed(videoDependency(999));
    s.release();
    await early;
    await s.get();
    expect(s.builds()).toBe(1);
  });

  it('drops the pages that show a changed video, and only those', async () => {
    const s = setUp();
    await s.get('a');
    s.feature(2);
    await s.get('b');
    await s.cache.changed(videoDependency(999));
    await s.get('a');
    await s.get('b');
    expect([s.builds('a'), s.builds('b')]).toEqual([1, 1]);
    await s.cache.changed(videoDependency(1));
    await s.get('a');
    await s.get('b');
    expect([s.builds('a'), s.builds('b')]).toEqual([2, 1]);
    await s.cache.changed(videoDependency(11));
    await s.get('a');
    await s.get('b');
    expect([s.builds('a'), s.builds('b')]).toEqual([3, 2]);
    expect(s.fake.published).toEqual([
      { kind: 'dependency', dependency: 'video:999' },
      { kind: 'dependency', dependency: 'video:1' },
      { kind: 'dependency', dependency: 'video:11' },
    ]);
  });

  it("follows the other instances' changes", async () => {
    const s = setUp();
    await s.get();
    s.fake.fromElsewhere({ kind: 'dependency', dependency: 'video:998' });
    await s.get();
    expect(s.builds()).toBe(1);
    s.fake.fromElsewhere({ kind: 'dependency', dependency: 'video:10' });
    await s.get();
    expect(s.builds()).toBe(2);
    s.feature(4);
    s.fake.fromElsewhere({ kind: 'all' });
    expect(await s.featuredId()).toBe(4);
  });

  it('keeps nothing while deaf to the other instances, and forgets what it held from before', async () => {
    const s = setUp();
    await s.get();
    s.fake.setLive(false);
    await s.get();
    await s.get();
    expect(s.builds()).toBe(3);
    s.fake.setLive(true);
    await s.get();
    await s.get();
    expect(s.builds()).toBe(4);
  });

  it('keeps values beside the pages until every page goes, here or elsewhere, but not through a like', async () => {
    const s = setUp();
    const beside = s.cache.keepBeside<string, { n: number }>({ maxWeight: 1000, weigh: () => 1 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const value = async () => (await beside.get('order', load))?.n;
    expect(await value()).toBe(1);
    expect(await value()).toBe(1);
    await s.cache.changed(videoDependency(10));
    s.fake.fromElsewhere({ kind: 'dependency', dependency: 'video:11' });
    expect(await value()).toBe(1);
    await s.cache.invalidate();
    expect(await value()).toBe(2);
    s.fake.fromElsewhere({ kind: 'all' });
    expect(await value()).toBe(3);
    s.fake.setLive(false);
    expect(await value()).toBe(4);
    expect(await value()).toBe(5);
    s.fake.setLive(true);
    expect(await value()).toBe(6);
    expect(await value()).toBe(6);
    // Half the pages' age (60 s here): a page built from it at its end is kept 60 s more.
    s.advance(29_999);
    expect(await value()).toBe(6);
    s.advance(1);
    expect(await value()).toBe(7);
    expect(beside.isKeeping()).toBe(true);
    s.fake.setLive(false);
    expect(beside.isKeeping()).toBe(false);
  });

  it('rebuilds a page older than its maximum age', async () => {
    const s = setUp({ maxAgeMs: 1000 });
    await s.get();
    s.advance(999);
    await s.get();
    expect(s.builds()).toBe(1);
    s.advance(1);
    await s.get();
    expect(s.builds()).toBe(2);
  });

  it('lets the least recently used pages go once it holds more bytes than allowed', async () => {
    const s = setUp();
    const size = weightOf(await s.get('size'));
    const small = setUp({ maxBytes: size * 2 + 10 });
    await small.get('a');
    await small.get('b');
    await small.get('a');
    await small.get('c');
    await small.get('a');
    await small.get('b');
    expect([small.builds('a'), small.builds('b'), small.builds('c')]).toEqual([1, 2, 1]);
    // Encodings count too: compressing 'b' pushes the least recent page ('a') out.
    (await small.get('b')).encodings.get('gzip');
    await small.get('a');
    expect(small.builds('a')).toBe(2);
  });

  it('keeps each variant of a page once, with its own validator and encodings', async () => {
    const s = setUp();
    const page = await s.get();
    let made = 0;
    const make = (text: string) => () => (made++, JSON.stringify({ text, more: 'y'.repeat(2000) }));
    const none = page.variant('|', make('none'))!;
    expect(page.variant('|', make('again'))).toBe(none);
    const one = page.variant('|10', make('likes 10'))!;
    expect(made).toBe(2);
    expect(JSON.parse(none.body.toString())).toMatchObject({ text: 'none' });
    expect(JSON.parse(one.body.toString())).toMatchObject({ text: 'likes 10' });
    expect(one.etag).not.toBe(none.etag);
    expect(gunzipSync(one.encodings.get('gzip')!).toString()).toBe(one.body.toString());
    // Past the bound, the caller makes the answer itself.
    for (let k = 0; k < 14; k++) expect(page.variant(`|v${k}`, make(String(k)))).not.toBeNull();
    expect(page.variant('|99', make('99'))).toBeNull();
    expect(page.variant('|10', make('kept'))).toBe(one);
  });

  it('counts what a page takes of the heap beside its bytes', async () => {
    const s = setUp();
    const page = await s.get('size');
    // Room for two pages' bytes and one page's objects and index entries, not two.
    const overhead = weightOf(page) - page.body.length * 3;
    expect(overhead).toBe(PAGE_OVERHEAD_BYTES + 3 * DEPENDENCY_OVERHEAD_BYTES);
    const small = setUp({ maxBytes: page.body.length * 3 * 2 + overhead });
    await small.get('a');
    await small.get('b');
    await small.get('a');
    expect(small.builds('a')).toBe(2);
  });

  it('counts variants in its bytes, and they go with their page', async () => {
    const s = setUp();
    const size = weightOf(await s.get('size'));
    const small = setUp({ maxBytes: size * 2 + 10 });
    await small.get('a');
    (await small.get('b')).variant('|', () => 'x'.repeat(400));
    // 'b' with its variant and 'a' no longer fit: the least recent ('a') goes.
    await small.get('a');
    expect(small.builds('a')).toBe(2);
    await small.cache.changed('video:10');
    const rebuilt = await small.get('b');
    expect(small.builds('b')).toBe(2);
    expect(rebuilt.variant('|', () => 'fresh')!.body.toString()).toBe('fresh');
  });

  it('writes the envelope around a page built as JSON text, and parses it only when asked', async () => {
    const fake = fakeCacheChannel();
    const cache = createPageCache({ invalidation: fake.channel, maxAgeMs: 60_000, maxBytes: 1e6 });
    const page = (await cache.get<{ n: number }>('json', {
      build: async () => ({ json: '{"n":1}', dependsOn: [] }),
      message: 'Said "hi"',
    }))!;
    expect(page.body.toString()).toBe('{"status":200,"data":{"n":1},"message":"Said \\"hi\\""}');
    expect(JSON.parse(page.body.toString())).toEqual({
      status: 200,
      data: { n: 1 },
      message: 'Said "hi"',
    });
    expect(page.data).toEqual({ n: 1 });
    expect(page.data).toBe(page.data);
  });

  it('passes a failed build on to its callers and tries again on the next call', async () => {
    const s = setUp();
    s.failNext();
    await expect(s.get()).rejects.toThrow('database away');
    expect(await s.featuredId()).toBe(1);
    expect(s.builds()).toBe(2);
  });
});
