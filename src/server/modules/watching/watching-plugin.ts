import type { FastifyInstance } from 'fastify';
import { createProgressBatch, type ProgressBatch } from './progress-batch.js';
import { createViewKeys, type ViewKeys } from './view-keys.js';
import { sweepViewData } from './watching-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    watching: { batch: ProgressBatch; viewKeys: ViewKeys; sweep: () => Promise<void> };
  }
}

const HOUR_MS = 60 * 60 * 1000;

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
  app.decorate('watching', { batch, viewKeys: createViewKeys(app.db), sweep });
  const timer = setInterval(() => void sweep(), HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await batch.close();
  });
}
