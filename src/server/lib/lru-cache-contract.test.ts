import { describe, expect, it } from 'vitest';
import { createLruCache, type LruCacheOptions } from './lru-cache.js';

/** Loads the test finishes by hand, in the order they started. */
function heldLoads() {
  const pending: ((value: string | null) => void)[] = [];
  return {
    load: () => new Promise<string | null>((resolve) => pending.push(resolve)),
    finish: (value: string | null) => pending.shift()!(value),
  };
}

function setUp(options: Partial<LruCacheOptions<string, string>> = {}) {
  let clock = 0;
  const heard: string[] = [];
  const cache = createLruCache<string, string>({
    maxWeight: 100,
    weigh: (value) => value.length,
    now: () => clock,
    onKeep: (key, value) => heard.push(`+${key}=${value}`),
    onRemove: (key, value) => heard.push(`-${key}=${value}`),
    ...options,
  });
  const load = (key: string, value: string) => cache.get(key, async () => value);
  return { cache, heard, load, advance: (ms: number) => (clock += ms) };
}

describe('createLruCache: weight, age and recency', () => {
  it('counts what a kept value grows by, and evicts the least recent past the bound', async () => {
    const s = setUp({ maxWeight: 6 });
    await s.load('a', 'aa');
    await s.load('b', 'bb');
    s.cache.grow('b', 'bb', 1);
    expect(s.cache.size).toBe(2);
    // A value that is not the one kept under the key does not count.
    s.cache.grow('a', 'other', 100);
    expect(s.cache.size).toBe(2);
    expect(s.cache.peek('a')).toBe('aa');
    // 'a' was just used: 'b' is the least recent.
    s.cache.grow('a', 'aa', 2);
    expect([s.cache.peek('a'), s.cache.peek('b')]).toEqual(['aa', undefined]);
    s.cache.grow('a', 'aa', -2);
    await s.load('c', 'cccc');
    expect([s.cache.peek('a'), s.cache.peek('c')]).toEqual(['aa', 'cccc']);
  });

  it('loads again a value kept for its maximum age, and peek neither loads nor keeps it', async () => {
    const s = setUp({ maxAgeMs: 1000 });
    await s.load('a', 'one');
    s.advance(999);
    expect(await s.load('a', 'two')).toBe('one');
    s.advance(1);
    expect(s.cache.peek('a')).toBeUndefined();
    expect(s.cache.peek('a')).toBeUndefined();
    expect(await s.load('a', 'two')).toBe('two');
  });

  it('tells its index of every value kept and let go', async () => {
    const s = setUp({ maxWeight: 4 });
    await s.load('a', 'aa');
    await s.load('b', 'bb');
    await s.load('c', 'cc');
    s.cache.delete('b');
    s.cache.changed(['c', 'unknown'], () => true);
    await s.load('d', 'dd');
    s.cache.clear();
    expect(s.heard).toEqual([
      '+a=aa',
      '+b=bb',
      '+c=cc',
      '-a=aa',
      '-b=bb',
      '-c=cc',
      '+d=dd',
      '-d=dd',
    ]);
    expect(s.cache.size).toBe(0);
  });

  it('answers but keeps nothing while it is not keeping', async () => {
    let keeping = false;
    const s = setUp({ isKeeping: () => keeping });
    expect(await s.load('a', 'one')).toBe('one');
    expect(s.cache.peek('a')).toBeUndefined();
    keeping = true;
    await s.load('a', 'two');
    expect(s.cache.peek('a')).toBe('two');
  });
});

describe('createLruCache: loads in flight', () => {
  it('shares no load that was in flight when everything was cleared with later callers', async () => {
    const s = setUp();
    const loads = heldLoads();
    const before = s.cache.get('a', loads.load);
    s.cache.clear();
    const after = s.cache.get('a', loads.load);
    loads.finish('old');
    loads.finish('new');
    expect([await before, await after]).toEqual(['old', 'new']);
    expect(s.cache.peek('a')).toBe('new');
  });

  it('after a change, shares no load from before, and keeps only those that do not show it', async () => {
    const s = setUp();
    const loads = heldLoads();
    const shows = s.cache.get('a', loads.load);
    const other = s.cache.get('b', loads.load);
    s.cache.changed([], (value) => value.includes('changed'));
    const later = s.cache.get('a', loads.load);
    loads.finish('shows changed');
    loads.finish('unrelated');
    loads.finish('fresh');
    expect([await shows, await other, await later]).toEqual([
      'shows changed',
      'unrelated',
      'fresh',
    ]);
    expect([s.cache.peek('a'), s.cache.peek('b')]).toEqual(['fresh', 'unrelated']);
  });

  it('keeps no load from before a change that its key was deleted by meanwhile', async () => {
    const s = setUp();
    const loads = heldLoads();
    const before = s.cache.get('a', loads.load);
    s.cache.changed([], () => false);
    s.cache.delete('a');
    loads.finish('old');
    expect(await before).toBe('old');
    expect(s.cache.peek('a')).toBeUndefined();
  });

  it('passes a failed load on to every caller sharing it, and loads again on the next call', async () => {
    const s = setUp();
    let fail: (error: Error) => void = () => undefined;
    const failing = () => new Promise<string>((_, reject) => (fail = reject));
    const first = s.cache.get('a', failing);
    const second = s.cache.get('a', failing);
    fail(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await expect(second).rejects.toThrow('down');
    expect(await s.load('a', 'up')).toBe('up');
    expect(s.cache.peek('a')).toBe('up');
  });
});
