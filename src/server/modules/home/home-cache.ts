import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { etagOf } from '../../lib/etag.js';
import type { HomeData } from '../../../shared/schemas/public-catalogue.js';
import type { HomeChange, HomeInvalidation } from './home-invalidation.js';

/** The public home as built once and served to every anonymous visitor until something changes. */
export interface HomeSnapshot {
  data: HomeData;
  /** The whole answer (envelope included), serialized once. */
  body: string;
  /** The same bytes compressed once, for clients that accept them: ~50 KB becomes ~7 KB. */
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
  /** Every video on the page: a like on one of them changes its count. */
  videoIds: ReadonlySet<number>;
}

export interface HomeCache {
  current(): Promise<HomeSnapshot>;
  /** Something the home shows may have changed: drop it here and on every other instance. */
  invalidate(): Promise<void>;
  /** A video changed (its likes, say): drop the home only if it shows that video. */
  videoChanged(id: number): Promise<void>;
  close(): Promise<void>;
}

export interface HomeCacheOptions {
  build: () => Promise<HomeData>;
  serialize: (data: HomeData) => string;
  invalidation: HomeInvalidation;
  /**
   * A safety net, not the mechanism: every change through the API invalidates at once; this
   * bounds how long an edit made behind the API's back (SQL by hand) stays unseen.
   */
  maxAgeMs: number;
  now?: () => number;
}

/** Near brotli's best size at a fraction of quality 11's time; paid once per build. */
const BROTLI_QUALITY = 9;

function homeVideoIds(data: HomeData): Set<number> {
  const ids = new Set(data.categories.flatMap((row) => row.videos.map((video) => video.id)));
  if (data.featured_video) ids.add(data.featured_video.id);
  return ids;
}

export function createHomeCache(options: HomeCacheOptions): HomeCache {
  const { build, serialize, invalidation, maxAgeMs } = options;
  const now = options.now ?? Date.now;
  let snapshot: { value: HomeSnapshot; builtAt: number } | null = null;
  let building: Promise<HomeSnapshot> | null = null;
  // Bumped by every invalidation: a build that started before one is not kept, since it may
  // have read the rows from before the change.
  let generation = 0;

  const drop = () => {
    generation += 1;
    snapshot = null;
    building = null;
  };
  const apply = (change: HomeChange) => {
    if (change.kind === 'all' || snapshot?.value.videoIds.has(change.id)) drop();
  };
  invalidation.subscribe(apply);
  // While deaf to other instances, nothing held can be trusted, nor anything held from before.
  invalidation.onLiveChange(drop);

  const rebuild = (): Promise<HomeSnapshot> => {
    const startedAt = generation;
    const pending = build().then((data) => {
      const body = serialize(data);
      const value: HomeSnapshot = {
        data,
        body,
        brotli: brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
        }),
        gzip: gzipSync(body, { level: 9 }),
        etag: etagOf(body),
        videoIds: homeVideoIds(data),
      };
      if (startedAt === generation && invalidation.isLive()) {
        snapshot = { value, builtAt: now() };
      }
      return value;
    });
    // One build at a time serves every request that arrives meanwhile; a failed one is retried.
    building = pending;
    const forget = () => {
      if (building === pending) building = null;
    };
    pending.then(forget, forget);
    return pending;
  };

  return {
    current() {
      if (snapshot && now() - snapshot.builtAt < maxAgeMs) return Promise.resolve(snapshot.value);
      return building ?? rebuild();
    },
    async invalidate() {
      drop();
      await invalidation.publish({ kind: 'all' });
    },
    async videoChanged(id) {
      apply({ kind: 'video', id });
      await invalidation.publish({ kind: 'video', id });
    },
    close: () => invalidation.close(),
  };
}
