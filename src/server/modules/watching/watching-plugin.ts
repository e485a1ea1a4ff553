import type { FastifyInstance } from 'fastify';
import { createLruCache } from '@server/lib/lru-cache.js';
import { createProgressBatch, type ProgressBatch } from './progress-batch.js';
import { createViewKeys, type ViewKeys } from './view-keys.js';
import { findVideoVisibility, sweepViewData } from './watching-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    watching: {
      batch: ProgressBatch;
      viewKeys: ViewKeys;
      /** Whether a video exists and is public; kept a few seconds (see VISIBILITY_MAX_AGE_MS). */
      visibility: (videoId: number) => Promise<{ isPublic: boolean } | null>;
      sweep: () => Promise<void>;
    };
  }
}

const HOUR_MS = 60 * 60 * 1000;
/**
 * Every report asks whether its video is public: at thousands a second that lookup was most of a
 * report's cost. A video made private may still take reports this long; one deleted is left out
 * when the batch is written.
 */
const VISIBILITY_MAX_AGE_MS = 5_000;

/**
 * The progress batch (written every second and when the app closes) and the hourly sweep of old
 * salts and view marks (each instance runs it; the deletes are idempotent).
 */
export function registerWatching(app: FastifyInstance): void {
  const batch = createProgressBatch(app.db, app.log);
  const sweep = async () => {
    try {
      const removed = await sweepViewData(app.db);
      if (removed.salts > 0) app.log.info({ removed: removed.salts }, 'old view salts deleted');
    } catch (error) {
      app.log.warn({ err: error }, 'old view salts and marks could not be deleted');
    }
  };
  const visible = createLruCache<number, { isPublic: boolean }>({
    maxWeight: 20_000,
    weigh: () => 1,
    maxAgeMs: VISIBILITY_MAX_AGE_MS,
  });
  const visibility = (videoId: number) =>
    visible.get(videoId, async (id) => (await findVideoVisibility(app.db, id)) ?? null);
  app.decorate('watching', { batch, viewKeys: createViewKeys(app.db), visibility, sweep });
  // Once at start too: an instance restarted more often than hourly must still delete them.
  let firstSweep: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    firstSweep = sweep();
  });
  const timer = setInterval(() => void sweep(), HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await firstSweep;
    await batch.close();
  });
}
