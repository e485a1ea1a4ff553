import type { FastifyInstance } from 'fastify';
import type { Database } from '@server/db/client.js';
import { isApiWrite } from '@server/lib/route-rules.js';
import { hasQueuedSuggestions, refreshQueuedSuggestions } from './suggestions-repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False for a write that touches no video, tag or artist (a playback report, My List): the
     * refresher does not look for queued videos after it. Playback reports come hundreds a
     * second, and each look is a query.
     */
    touchesCatalogue?: false;
  }
}

/** How often an idle instance looks for queued videos (writes made elsewhere, by hand). */
const POLL_MS = 5000;

/**
 * Videos ranked per statement. PGlite runs one statement at a time, so its batches stay small
 * enough (~1 ms a video) for requests' queries not to wait long behind one; PostgreSQL runs
 * them side by side.
 */
const BATCH = { pglite: 20, postgres: 500 } as const;

/**
 * Drains the queue of videos whose suggestions are out of date, a batch at a time; returns how
 * many it ranked. The seeders call it so a new catalogue starts with every list kept.
 */
export async function refreshAllSuggestions(
  db: Database,
  kind: 'pglite' | 'postgres',
  onBatch: (done: number) => void = () => undefined,
): Promise<number> {
  let done = 0;
  for (;;) {
    const taken = await refreshQueuedSuggestions(db, BATCH[kind]);
    if (taken === 0) return done;
    done += taken ?? 0;
    onBatch(done);
    // Between batches, requests' queries waiting for PGlite or the pool go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Keeps video_suggestions current: after every API write that succeeded, and every few seconds
 * in case another instance or a hand-made edit queued videos. Several instances may drain at
 * once; each takes rows the others have not locked.
 */
export function registerSuggestionsRefresher(app: FastifyInstance): void {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          if (!(await hasQueuedSuggestions(app.db))) break;
          await refreshAllSuggestions(app.db, app.database.kind);
        } while (again && !closed);
      } catch (error) {
        app.log.warn({ err: error }, 'video suggestions could not be refreshed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  app.addHook('onResponse', async (request, reply) => {
    if (
      reply.statusCode < 400 &&
      isApiWrite(request) &&
      request.routeOptions.config.touchesCatalogue !== false
    ) {
      run();
    }
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
