import { createLruCache, type LruCache } from '@server/lib/lru-cache.js';
import type { CacheChange, CacheInvalidation } from './cache-invalidation.js';
import { makeCachedPage, type BuiltPage } from './cached-page.js';
import type { Encodings } from './page-encodings.js';

/** Bytes of an answer as kept: made once, with their validator and compressed forms. */
export interface CachedBody {
  /**
   * The whole answer (envelope included), serialized and encoded to UTF-8 once: outside the
   * JavaScript heap, and nothing to transcode per request.
   */
  body: Buffer;
  etag: string;
  /** The body compressed, made on first demand and kept (see page-encodings.ts). */
  encodings: Encodings;
}

/** A public page as built once and served to every visitor until something it shows changes. */
export interface CachedPage<T> extends CachedBody {
  /** The key it is kept under. */
  readonly key: string;
  /**
   * The page as objects, for signed-in viewers and server rendering. Pages built in SQL arrive as
   * JSON text; it is parsed on first use only, since most pages are only ever sent as bytes.
   */
  readonly data: T;
  /** What the page shows that can change without an edit of the page: see `videoDependency` (public-page.ts). */
  dependsOn: readonly string[];
  /**
   * Another answer made from this page and kept with it, under a key naming what makes it
   * differ: the page as signed-in viewers who like the same things on it see it. Null once the
   * page keeps MAX_VARIANTS of them (cached-page.ts): the caller makes that answer itself.
   */
  variant(key: string, make: () => string): CachedBody | null;
}

/**
 * What a builder returns: the page's data, as JSON text (built by the database) or as objects,
 * and the videos and artists whose like counts it shows. A `document` (a server-rendered page's
 * HTML) is kept as it is, with no envelope, and `data` describing it.
 */
export type PageBuild<T> = ({ json: string } | { data: T } | { document: string; data: T }) & {
  dependsOn: Iterable<string>;
};

/**
 * One kind of page: how to build the page for a key, and the message of its answer. A build that
 * finds nothing (an unknown or private id) returns null, and nothing is kept.
 */
export interface PageRecipe<T> {
  build(): Promise<PageBuild<T> | null>;
  message: string;
}

export interface PageCache {
  get<T>(key: string, recipe: PageRecipe<T>): Promise<CachedPage<T> | null>;
  /**
   * The page kept under this key, if it is kept and fresh; nothing is built. For answering
   * without waiting (visitor-lane.ts).
   */
  peek(key: string): CachedPage<unknown> | undefined;
  /** Something any page may show changed: drop them all, here and on every other instance. */
  invalidate(): Promise<void>;
  /** A video's or an artist's like count changed: drop the pages that show it, everywhere. */
  changed(dependency: string): Promise<void>;
  /**
   * A cache of what pages are made from (a search's order of matches), let go with every page:
   * whenever anything any page may show changes, and while deaf to other instances. A like
   * changes no value kept beside the pages: their values must not hold a count.
   */
  keepBeside<K, V>(options: { maxWeight: number; weigh(value: V): number }): BesideCache<K, V>;
}

/** A cache kept beside the pages, and whether it keeps anything now (not while deaf). */
export interface BesideCache<K, V> extends LruCache<K, V> {
  isKeeping(): boolean;
}

export interface PageCacheOptions {
  invalidation: CacheInvalidation;
  /**
   * A safety net, not the mechanism: every change through the API invalidates at once; this
   * bounds how long an edit made behind the API's back (SQL by hand) stays unseen.
   */
  maxAgeMs: number;
  /**
   * The least recently used pages go first once the kept bytes pass this: bodies, their
   * encodings, and the parsed pages (see cached-page.ts).
   */
  maxBytes: number;
  now?: () => number;
}

/**
 * The public pages, each kept as built until something it shows changes: an LRU of pages
 * (lib/lru-cache.ts) and, beside it, which pages show each video and artist.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const { invalidation } = options;
  const keysByDependency = createDependencyIndex();
  const pages: LruCache<string, BuiltPage<unknown>> = createLruCache({
    maxWeight: options.maxBytes,
    weigh: (page) => page.builtBytes,
    maxAgeMs: options.maxAgeMs,
    now: options.now,
    // While deaf to other instances, a page built now could miss their news of its change.
    isKeeping: () => invalidation.isLive(),
    onKeep(key, page) {
      for (const dependency of page.dependsOn) keysByDependency.add(dependency, key);
    },
    onRemove(key, page) {
      for (const dependency of page.dependsOn) keysByDependency.remove(dependency, key);
    },
  });

  const beside: { clear(): void }[] = [];
  const apply = (change: CacheChange) => {
    // Sessions and accounts are not on any page.
    if (change.kind === 'viewers') return;
    if (change.kind === 'all') {
      for (const cache of beside) cache.clear();
      return pages.clear();
    }
    // A build in flight learns its dependencies only when done: it is kept if none changed.
    const { dependency } = change;
    pages.changed(keysByDependency.keysOf(dependency), (page) =>
      page.dependsOn.includes(dependency),
    );
  };
  invalidation.subscribe(apply);
  // While deaf to other instances, nothing held can be trusted, nor anything held from before.
  invalidation.onLiveChange(() => apply({ kind: 'all' }));

  const build = async <T>(key: string, recipe: PageRecipe<T>) => {
    const built = await recipe.build();
    if (!built) return null;
    const page: BuiltPage<T> = makeCachedPage(key, built, recipe.message, (bytes) =>
      pages.grow(key, page, bytes),
    );
    return page;
  };
  // Apart from `get`: a function whose parameters a closure captures allocates their context on
  // every call, hit or not (measured: 48 bytes a hit).
  const load = <T>(key: string, recipe: PageRecipe<T>) =>
    pages.get(key, () => build(key, recipe)) as Promise<CachedPage<T> | null>;

  return {
    get<T>(key: string, recipe: PageRecipe<T>) {
      // Each key is only ever built by one recipe, so its page has that recipe's type. A hit is
      // answered before a build's closure is made: it allocates only its promise.
      const kept = pages.peek(key) as CachedPage<T> | undefined;
      return kept ? Promise.resolve(kept) : load(key, recipe);
    },
    peek: (key) => pages.peek(key),
    async invalidate() {
      apply({ kind: 'all' });
      await invalidation.publish({ kind: 'all' });
    },
    async changed(dependency) {
      apply({ kind: 'dependency', dependency });
      await invalidation.publish({ kind: 'dependency', dependency });
    },
    keepBeside<K, V>(kept: { maxWeight: number; weigh(value: V): number }) {
      const isKeeping = () => invalidation.isLive();
      const cache = createLruCache<K, V>({
        ...kept,
        // Half the pages' age: a page built from a value at the end of its life is kept a whole
        // age more, so an edit behind the API's back still shows within one and a half ages.
        maxAgeMs: options.maxAgeMs / 2,
        now: options.now,
        isKeeping,
      });
      beside.push(cache);
      return Object.assign(cache, { isKeeping });
    },
  };
}

/** Which kept pages show each video and artist. */
interface DependencyIndex {
  add(dependency: string, key: string): void;
  remove(dependency: string, key: string): void;
  keysOf(dependency: string): Iterable<string>;
}

/**
 * A dependency most pages share with no other kept page holds that page's key alone, not a Set
 * of one: thousands of kept pages each name a dozen videos or more, and a Set each took ~100
 * bytes of heap (measured, see docs/performance.md).
 */
function createDependencyIndex(): DependencyIndex {
  const keys = new Map<string, string | Set<string>>();
  return {
    add(dependency, key) {
      const known = keys.get(dependency);
      if (known === undefined) keys.set(dependency, key);
      else if (typeof known !== 'string') known.add(key);
      else if (known !== key) keys.set(dependency, new Set([known, key]));
    },
    remove(dependency, key) {
      const known = keys.get(dependency);
      if (known === key) keys.delete(dependency);
      else if (typeof known === 'object') {
        known.delete(key);
        if (known.size === 0) keys.delete(dependency);
      }
    },
    keysOf(dependency) {
      const known = keys.get(dependency);
      return known === undefined ? [] : typeof known === 'string' ? [known] : known;
    },
  };
}
