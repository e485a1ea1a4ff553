/** A kept value, linked to its neighbours in recency order (the links are the list's own). */
export interface Kept<K, V> {
  readonly key: K;
  readonly value: V;
  weight: number;
  /** When it was kept (`now()`), for a maximum age. */
  readonly keptAt: number;
  newer: Kept<K, V> | null;
  older: Kept<K, V> | null;
}

/**
 * Values by key in recency order, with their total weight: what an LRU evicts from. A hit moves
 * its value to the front by relinking it, so a hit writes nothing to the key map: deleting and
 * setting a Map key, to move it to the end of the Map's order, makes the table rehash (measured:
 * ~55 bytes of garbage and ~40 ns a hit).
 */
export interface RecencyList<K, V> {
  get(key: K): Kept<K, V> | undefined;
  /** Kept as the most recently used; the key must not be kept already. */
  add(key: K, value: V, weight: number, keptAt: number): void;
  /** Now the most recently used. */
  touch(entry: Kept<K, V>): void;
  /** The entry must be kept. */
  remove(entry: Kept<K, V>): void;
  reweigh(entry: Kept<K, V>, weight: number): void;
  clear(): void;
  oldest(): Kept<K, V> | undefined;
  readonly weight: number;
  readonly size: number;
}

export function createRecencyList<K, V>(): RecencyList<K, V> {
  const links = new Map<K, Kept<K, V>>();
  let newest: Kept<K, V> | null = null;
  let oldest: Kept<K, V> | null = null;
  let weight = 0;

  const unlink = (link: Kept<K, V>) => {
    if (link.newer) link.newer.older = link.older;
    else newest = link.older;
    if (link.older) link.older.newer = link.newer;
    else oldest = link.newer;
  };
  const linkAsNewest = (link: Kept<K, V>) => {
    link.newer = null;
    link.older = newest;
    if (newest) newest.newer = link;
    else oldest = link;
    newest = link;
  };
  return {
    get: (key) => links.get(key),
    add(key, value, entryWeight, keptAt) {
      const link: Kept<K, V> = {
        key,
        value,
        weight: entryWeight,
        keptAt,
        newer: null,
        older: null,
      };
      links.set(key, link);
      linkAsNewest(link);
      weight += entryWeight;
    },
    touch(link) {
      if (link === newest) return;
      unlink(link);
      linkAsNewest(link);
    },
    remove(link) {
      links.delete(link.key);
      unlink(link);
      weight -= link.weight;
    },
    reweigh(link, entryWeight) {
      weight += entryWeight - link.weight;
      link.weight = entryWeight;
    },
    clear() {
      links.clear();
      newest = oldest = null;
      weight = 0;
    },
    oldest: () => oldest ?? undefined,
    get weight() {
      return weight;
    },
    get size() {
      return links.size;
    },
  };
}
