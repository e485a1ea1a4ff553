import { createRecencyList, type Kept } from './recency-list.js';

/**
 * Values loaded on demand and kept per key until deleted, stale or evicted: a weighted LRU with
 * single-flight loading. One load per key at a time, shared by every caller meanwhile; a failed
 * load is passed on to them and kept by no one, so the next call loads again. A load that was
 * in flight when something it may have read changed is neither kept nor shared with later
 * callers: they load afresh.
 */
export interface LruCache<K, V> {
  /** The kept value when fresh (now the most recently used), else what `load` answers. */
  get(key: K, load: (key: K) => Promise<V | null>): Promise<V | null>;
  /** The kept value when fresh, as `get` would answer it; nothing is loaded. */
  peek(key: K): V | undefined;
  /**
   * The value kept under `key` holds `weight` more (or less): counted, evicting past the bound.
   * Only while this very value is kept: a caller may still hold one that was let go.
   */
  grow(key: K, value: V, weight: number): void;
  /** The value under `key` is stale: let go; a load in flight for it is neither kept nor shared. */
  delete(key: K): void;
  /** Every value is stale: all let go; no load in flight is kept or shared. */
  clear(): void;
  /**
   * A change that only a value can say whether it shows (a page's dependencies are known once it
   * is built): the values kept under `keys` (those known to show it) are let go; every load in
   * flight stops being shared, and is kept on arrival only if `shows` is false for its value.
   */
  changed(keys: Iterable<K>, shows: (value: V) => boolean): void;
  readonly size: number;
}

export interface LruCacheOptions<K, V> {
  /** The least recently used values are evicted once the kept weight passes this. */
  maxWeight: number;
  weigh(value: V): number;
  /** A value kept this long is loaded again. */
  maxAgeMs?: number;
  now?: () => number;
  /** A kept value this calls stale (a session past its expiry) is loaded again. */
  isFresh?(value: V): boolean;
  /** While false, loads are answered but nothing is kept (a cache deaf to other instances). */
  isKeeping?(): boolean;
  /** Hears each value kept and each let go (deleted, stale, evicted, cleared): for an index. */
  onKeep?(key: K, value: V): void;
  onRemove?(key: K, value: V): void;
}

/** A load in flight, and what it may have missed while it was. */
interface Load<K, V> {
  key: K;
  promise: Promise<V | null>;
  /** Something it may have read changed, whatever it loads: it will not be kept. */
  spoiled: boolean;
  /** Changes it missed that its value may show (`changed`): checked on arrival. */
  missed: ((value: V) => boolean)[] | null;
}

export function createLruCache<K, V>(options: LruCacheOptions<K, V>): LruCache<K, V> {
  const { maxWeight, weigh, maxAgeMs, isFresh, isKeeping, onKeep, onRemove } = options;
  const now = options.now ?? Date.now;
  const kept = createRecencyList<K, V>();
  // Loads later callers join. A load leaves this map at the first change it may have missed, so
  // a caller arriving after a change (the writer reading back) never shares a load from before.
  const shared = new Map<K, Load<K, V>>();
  // Every load not yet arrived, shared or not: each hears the changes it may miss.
  const inFlight = new Set<Load<K, V>>();

  const remove = (entry: Kept<K, V>) => {
    kept.remove(entry);
    onRemove?.(entry.key, entry.value);
  };
  const evict = () => {
    for (let oldest = kept.oldest(); oldest && kept.weight > maxWeight; oldest = kept.oldest()) {
      remove(oldest);
    }
  };
  const keep = (key: K, value: V) => {
    const before = kept.get(key);
    if (before) remove(before);
    kept.add(key, value, weigh(value), maxAgeMs === undefined ? 0 : now());
    onKeep?.(key, value);
    evict();
  };
  /** The kept entry, as the most recently used; a stale one is let go. */
  const fresh = (key: K): Kept<K, V> | undefined => {
    const entry = kept.get(key);
    if (!entry) return undefined;
    const aged = maxAgeMs !== undefined && now() - entry.keptAt >= maxAgeMs;
    if (aged || (isFresh && !isFresh(entry.value))) {
      remove(entry);
      return undefined;
    }
    kept.touch(entry);
    return entry;
  };
  const mayKeep = (load: Load<K, V>, value: V) =>
    !load.spoiled &&
    (isKeeping?.() ?? true) &&
    !(load.missed?.some((shows) => shows(value)) ?? false);

  const start = (key: K, loadValue: (key: K) => Promise<V | null>) => {
    const load: Load<K, V> = { key, promise: Promise.resolve(null), spoiled: false, missed: null };
    const arrive = () => {
      inFlight.delete(load);
      if (shared.get(key) === load) shared.delete(key);
    };
    load.promise = loadValue(key).then(
      (value) => {
        arrive();
        if (value !== null && mayKeep(load, value)) keep(key, value);
        return value;
      },
      (error: unknown) => {
        arrive();
        throw error;
      },
    );
    shared.set(key, load);
    inFlight.add(load);
    return load.promise;
  };

  return {
    get(key, load) {
      const entry = fresh(key);
      if (entry) return Promise.resolve(entry.value);
      return shared.get(key)?.promise ?? start(key, load);
    },
    peek: (key) => fresh(key)?.value,
    grow(key, value, weight) {
      const entry = kept.get(key);
      if (entry?.value !== value) return;
      kept.reweigh(entry, entry.weight + weight);
      evict();
    },
    delete(key) {
      const entry = kept.get(key);
      if (entry) remove(entry);
      shared.delete(key);
      for (const load of inFlight) if (load.key === key) load.spoiled = true;
    },
    clear() {
      for (const load of inFlight) load.spoiled = true;
      shared.clear();
      if (onRemove) {
        for (let entry = kept.oldest(); entry; entry = entry.newer ?? undefined) {
          onRemove(entry.key, entry.value);
        }
      }
      kept.clear();
    },
    changed(keys, shows) {
      shared.clear();
      for (const load of inFlight) if (!load.spoiled) (load.missed ??= []).push(shows);
      // A copy: `keys` may be an index that onRemove shrinks.
      for (const key of [...keys]) {
        const entry = kept.get(key);
        if (entry) remove(entry);
      }
    },
    get size() {
      return kept.size;
    },
  };
}
