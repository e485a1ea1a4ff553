import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache.js';

/** A load the test finishes by hand, counting how often it ran. */
function heldLoads() {
  const pending: ((value: string | null) => void)[] = [];
  let runs = 0;
  return {
    load: () =>
      new Promise<string | null>((resolve) => {
        runs++;
        pending.push(resolve);
      }),
    finish: (value: string | null) => pending.shift()!(value),
    get runs() {
      return runs;
    },
  };
}

function cache(options: { maxWeight?: number; fresh?: () => boolean } = {}) {
  return createLruCache<string, string>({
    maxWeight: options.maxWeight ?? 100,
    weigh: (value) => value.length,
    isFresh: options.fresh ?? (() => true),
  });
}

describe('createLruCache', () => {
  it('loads a key once while it is in flight, then answers from memory', async () => {
    const kept = cache();
    const loads = heldLoads();
    const first = kept.get('a', loads.load);
    const second = kept.get('a', loads.load);
    loads.finish('alpha');
    expect(await first).toBe('alpha');
    expect(await second).toBe('alpha');
    expect(await kept.get('a', loads.load)).toBe('alpha');
    expect(loads.runs).toBe(1);
  });

  it('keeps no null answer, and retries a failed load', async () => {
    const kept = cache();
    let runs = 0;
    expect(await kept.get('a', async () => (runs++, null))).toBeNull();
    await expect(kept.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get('a', async () => (runs++, 'alpha'))).toBe('alpha');
    expect(runs).toBe(2);
    expect(kept.size).toBe(1);
  });

  it('neither keeps nor shares a load that was in flight when its key was deleted', async () => {
    const kept = cache();
    const loads = heldLoads();
    const before = kept.get('a', loads.load);
    kept.delete('a');
    const after = kept.get('a', loads.load);
    loads.finish('old');
    loads.finish('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await kept.get('a', loads.load)).toBe('new');
    expect(loads.runs).toBe(2);
  });

  it('clear() drops every value and every load in flight', async () => {
    const kept = cache();
    await kept.get('a', async () => 'alpha');
    const loads = heldLoads();
    const inFlight = kept.get('b', loads.load);
    kept.clear();
    loads.finish('beta');
    await inFlight;
    expect(kept.size).toBe(0);
    expect(await kept.get('a', async () => 'again')).toBe('again');
  });

  it('loads again a value that is no longer fresh', async () => {
    let fresh = true;
    const kept = cache({ fresh: () => fresh });
    await kept.get('a', async () => 'one');
    fresh = false;
    expect(await kept.get('a', async () => 'two')).toBe('two');
  });

  it('evicts the least recently used values past the weight bound', async () => {
    const kept = cache({ maxWeight: 6 });
    await kept.get('a', async () => 'aa');
    await kept.get('b', async () => 'bb');
    await kept.get('a', async () => 'unused');
    await kept.get('c', async () => 'cccc');
    expect(kept.size).toBe(2);
    expect(await kept.get('a', async () => 'reloaded')).toBe('aa');
    expect(await kept.get('b', async () => 'bb again')).toBe('bb again');
  });
});
