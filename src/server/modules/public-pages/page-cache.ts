import { etagOf } from '@server/lib/etag.js';
import { createEncodings, type Encodings } from './page-encodings.js';
import type { CacheChange, CacheInvalidation } from './cache-invalidation.js';

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
  /** What the page shows that can change without an edit of the page: see `videoDependency`. */
  dependsOn: ReadonlySet<string>;
  /**
   * Another answer made from this page and kept with it, under a key naming what makes it
   * differ: the page as signed-in viewers who like the same things on it see it. Null once the
   * page keeps MAX_VARIANTS of them: the caller makes that answer itself.
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

const ENVELOPE_START = '{"status":200,"data":';

/** The API envelope around data already written as JSON: `ok(data, message)`. */
export function envelopeJson(dataJson: string, message: string): string {
  return `${ENVELOPE_START}${dataJson}${envelopeEnd(message)}`;
}

function envelopeEnd(message: string): string {
  return `,"message":${JSON.stringify(message)}}`;
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
   * encodings, and the parsed pages (see DATA_PER_BODY_BYTE).
   */
  maxBytes: number;
  now?: () => number;
}

export const videoDependency = (id: number) => `video:${id}`;
export const artistDependency = (id: number) => `artist:${id}`;

/**
 * A page parsed for signed-in viewers keeps its data as objects too; on V8 those take about twice
 * the bytes of their JSON (measured: 3,000 video pages grew the heap ~6x their JSON, garbage
 * included). Counted once parsed, so the bound is on memory rather than on JSON.
 */
const DATA_PER_BODY_BYTE = 2;

/**
 * Per page, the signed-in variants kept: what its viewers like on it. Most like nothing there,
 * a few like one thing or two, so a handful covers nearly every view.
 */
const MAX_VARIANTS = 16;

interface Entry {
  page: CachedPage<unknown>;
  builtAt: number;
  bytes: number;
}

/**
 * A build in flight, and the changes it may have missed: its rows may predate them, so it is
 * kept only if none of them is something it shows.
 */
interface Flight {
  promise: Promise<CachedPage<unknown> | null>;
  missed: Set<string> | 'all';
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const { invalidation, maxAgeMs, maxBytes } = options;
  const now = options.now ?? Date.now;
  // Map order is the recency order: a hit moves its key to the end, eviction takes the first.
  const entries = new Map<string, Entry>();
  const keysByDependency = new Map<string, Set<string>>();
  // A flight leaves this map at the first change, so a caller arriving after a change (the
  // writer reading back, say) never shares a build that began before it.
  const flying = new Map<string, Flight>();
  const inAir = new Set<Flight>();
  let keptBytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keptBytes -= entry.bytes;
    for (const dependency of entry.page.dependsOn) {
      const keys = keysByDependency.get(dependency);
      keys?.delete(key);
      if (keys?.size === 0) keysByDependency.delete(dependency);
    }
  };
  const store = (key: string, page: CachedPage<unknown>, bytes: number) => {
    remove(key);
    const entry: Entry = { page, builtAt: now(), bytes };
    entries.set(key, entry);
    keptBytes += entry.bytes;
    for (const dependency of page.dependsOn) {
      const keys = keysByDependency.get(dependency) ?? new Set<string>();
      keys.add(key);
      keysByDependency.set(dependency, keys);
    }
    evict();
  };
  const evict = () => {
    for (const key of entries.keys()) {
      if (keptBytes <= maxBytes) return;
      remove(key);
    }
  };
  // Only while this very page is kept: a request may still hold one that was dropped.
  const grow = (key: string, page: CachedPage<unknown>, bytes: number) => {
    const entry = entries.get(key);
    if (entry?.page !== page) return;
    entry.bytes += bytes;
    keptBytes += bytes;
    evict();
  };

  const apply = (change: CacheChange) => {
    // Sessions and accounts are not on any page.
    if (change.kind === 'viewers') return;
    flying.clear();
    if (change.kind === 'all') {
      for (const flight of inAir) flight.missed = 'all';
      for (const key of [...entries.keys()]) remove(key);
      return;
    }
    for (const flight of inAir) {
      if (flight.missed !== 'all') flight.missed.add(change.dependency);
    }
    for (const key of [...(keysByDependency.get(change.dependency) ?? [])]) remove(key);
  };
  invalidation.subscribe(apply);
  // While deaf to other instances, nothing held can be trusted, nor anything held from before.
  invalidation.onLiveChange(() => apply({ kind: 'all' }));

  const makeBody = (json: string, grown: (bytes: number) => void): CachedBody => {
    const body = Buffer.from(json);
    return { body, etag: etagOf(body), encodings: createEncodings(body, grown) };
  };

  /** The page, and the bytes it holds from the start. */
  const makePage = <T>(
    key: string,
    built: PageBuild<T>,
    message: string,
  ): { page: CachedPage<T>; bytes: number } => {
    const variants = new Map<string, CachedBody>();
    const grown = (bytes: number) => grow(key, page as CachedPage<unknown>, bytes);
    let data: T | undefined = 'data' in built ? built.data : undefined;
    const body = makeBody(
      'document' in built
        ? built.document
        : envelopeJson('json' in built ? built.json : JSON.stringify(built.data), message),
      grown,
    );
    // Only the bytes are kept, not the JSON text: a page's text is a V8 string on the heap, twice
    // its length when a title has a character beyond Latin-1 (a dash), which made thousands of
    // new pages hold ~100 MB of heap and the garbage collector the busiest part of the server.
    const dataBytes = () => body.body.length * DATA_PER_BODY_BYTE;
    const endLength = Buffer.byteLength(envelopeEnd(message));
    const page: CachedPage<T> = {
      ...body,
      key,
      get data(): T {
        if (data === undefined) {
          const json = body.body.subarray(ENVELOPE_START.length, body.body.length - endLength);
          data = JSON.parse(json.toString()) as T;
          grown(dataBytes());
        }
        return data;
      },
      dependsOn: new Set(built.dependsOn),
      variant(variantKey, make) {
        let variant = variants.get(variantKey);
        if (!variant) {
          if (variants.size >= MAX_VARIANTS) return null;
          variant = makeBody(make(), grown);
          variants.set(variantKey, variant);
          grown(variant.body.length);
        }
        return variant;
      },
    };
    // A document's data is a few fields about it, not the page parsed.
    const heldData = data === undefined || 'document' in built ? 0 : dataBytes();
    return { page, bytes: page.body.length + heldData };
  };

  const fly = <T>(key: string, recipe: PageRecipe<T>): Promise<CachedPage<T> | null> => {
    const flight: Flight = { promise: Promise.resolve(null), missed: new Set() };
    const promise = recipe.build().then((built) => {
      if (!built) return null;
      const { page, bytes } = makePage(key, built, recipe.message);
      const { missed } = flight;
      const stale =
        missed === 'all' || [...page.dependsOn].some((dependency) => missed.has(dependency));
      if (!stale && invalidation.isLive()) store(key, page as CachedPage<unknown>, bytes);
      return page;
    });
    flight.promise = promise as Promise<CachedPage<unknown> | null>;
    // One build at a time serves every request for the key meanwhile; a failed one is retried.
    flying.set(key, flight);
    inAir.add(flight);
    const land = () => {
      inAir.delete(flight);
      if (flying.get(key) === flight) flying.delete(key);
    };
    promise.then(land, land);
    return promise;
  };

  /** The kept page, as the most recently used; a page past its age is dropped. */
  const fresh = (key: string): CachedPage<unknown> | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.builtAt >= maxAgeMs) {
      remove(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry.page;
  };

  return {
    get<T>(key: string, recipe: PageRecipe<T>) {
      // Each key is only ever built by one recipe, so its page has that recipe's type.
      const kept = fresh(key);
      if (kept) return Promise.resolve(kept as CachedPage<T>);
      const flight = flying.get(key);
      return flight ? (flight.promise as Promise<CachedPage<T> | null>) : fly(key, recipe);
    },
    peek: fresh,
    async invalidate() {
      apply({ kind: 'all' });
      await invalidation.publish({ kind: 'all' });
    },
    async changed(dependency) {
      apply({ kind: 'dependency', dependency });
      await invalidation.publish({ kind: 'dependency', dependency });
    },
  };
}
