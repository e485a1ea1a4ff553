/**
 * Values loaded on demand and kept per key until dropped, stale or evicted; one load per key at
 * a time. A load that was in flight when its key was dropped is neither kept nor shared with
 * later callers, since it may have read what the drop was about.
 */
export interface KeyedCache<K, V> {
  /** The kept value when fresh, else what `load` answers (kept unless it is null). */
  get(key: K, load: () => Promise<V | null>): Promise<V | null>;
  drop(key: K): void;
  clear(): void;
  readonly size: number;
}

export interface KeyedCacheOptions<V> {
  /** The least recently used values go first once their total weight passes this. */
  maxWeight: number;
  weigh(value: V): number;
  /** A kept value that is no longer fresh is loaded again. */
  isFresh(value: V): boolean;
}

interface Flight<V> {
  promise: Promise<V | null>;
  stale: boolean;
}

export function createKeyedCache<K, V>(options: KeyedCacheOptions<V>): KeyedCache<K, V> {
  const { maxWeight, weigh, isFresh } = options;
  // Map order is the recency order: a hit moves its key to the end, eviction takes the first.
  const entries = new Map<K, { value: V; weight: number }>();
  const flights = new Map<K, Flight<V>>();
  let keptWeight = 0;

  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keptWeight -= entry.weight;
  };
  const store = (key: K, value: V) => {
    remove(key);
    const weight = weigh(value);
    entries.set(key, { value, weight });
    keptWeight += weight;
    for (const oldest of entries.keys()) {
      if (keptWeight <= maxWeight) return;
      remove(oldest);
    }
  };

  return {
    get(key, load) {
      const entry = entries.get(key);
      if (entry) {
        if (isFresh(entry.value)) {
          entries.delete(key);
          entries.set(key, entry);
          return Promise.resolve(entry.value);
        }
        remove(key);
      }
      const flying = flights.get(key);
      if (flying) return flying.promise;
      const flight: Flight<V> = { promise: Promise.resolve(null), stale: false };
      const land = () => {
        if (flights.get(key) === flight) flights.delete(key);
      };
      flight.promise = load().then(
        (value) => {
          land();
          if (value !== null && !flight.stale) store(key, value);
          return value;
        },
        (error: unknown) => {
          land();
          throw error;
        },
      );
      flights.set(key, flight);
      return flight.promise;
    },
    drop(key) {
      remove(key);
      const flight = flights.get(key);
      if (!flight) return;
      flight.stale = true;
      flights.delete(key);
    },
    clear() {
      for (const flight of flights.values()) flight.stale = true;
      flights.clear();
      entries.clear();
      keptWeight = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
