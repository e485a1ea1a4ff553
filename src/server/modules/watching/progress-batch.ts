import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@server/db/client.js';
import { isRetryableConflict, writeProgress, writeViewsAndStats } from './watching-repository.js';

/** One accepted report, checked and reduced to what is written. */
export interface AcceptedReport {
  videoId: number;
  /** Set for a signed-in fan: their resume point and history. */
  userId: number | null;
  /** Set when this page view has played enough for a view: the dedup key (view-keys.ts). */
  viewKey: string | null;
  /** Set with `viewKey`: the viewer's key for the day across videos (the site's unique viewers). */
  dayViewer: string | null;
  position: number;
  duration: number;
  finished: boolean;
  /** Seconds of playback to add to the day's seconds_watched. */
  seconds: number;
  /** This report's playback crossed the finish line. */
  finish: boolean;
}

export interface PendingProgress {
  userId: number;
  videoId: number;
  position: number;
  duration: number;
  finished: boolean;
}

export interface PendingStats {
  videoId: number;
  seconds: number;
  finishes: number;
}

/** Flush sooner than the timer when this many distinct rows are waiting. */
const FLUSH_AT_ROWS = 5_000;

/**
 * Progress reports are collected in memory and written every `intervalMs` in one statement per
 * table (and on shutdown): at thousands of reports a second, one write per report would be the
 * database's whole load. A fan's later report of a video replaces the earlier one in the batch.
 */
export function createProgressBatch(db: Database, log: FastifyBaseLogger, intervalMs = 1_000) {
  let progress = new Map<string, PendingProgress>();
  let views = new Map<string, { videoId: number; viewer: string }>();
  let dayViewers = new Set<string>();
  let stats = new Map<number, PendingStats>();
  let running: Promise<void> = Promise.resolve();

  /**
   * Runs one statement again after a deadlock or a row deleted under it: the statement rolled
   * back whole, so running it again counts nothing twice. Each statement is retried on its own,
   * so the one that succeeded is never written twice.
   */
  async function retried(what: string, statement: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await statement();
        return;
      } catch (error) {
        if (attempt >= 3 || !isRetryableConflict(error)) {
          log.warn(
            { err: error },
            `watch ${what} could not be written; this batch of it is dropped`,
          );
          return;
        }
      }
    }
  }

  async function write(
    batch: {
      progress: PendingProgress[];
      views: { videoId: number; viewer: string }[];
      dayViewers: string[];
    },
    statRows: PendingStats[],
  ) {
    await Promise.all([
      batch.progress.length > 0
        ? retried('progress', () => writeProgress(db, batch.progress))
        : undefined,
      statRows.length > 0
        ? retried('views', () => writeViewsAndStats(db, batch.views, statRows, batch.dayViewers))
        : undefined,
    ]);
  }

  function flush(): Promise<void> {
    if (progress.size === 0 && stats.size === 0) return running;
    const taken = {
      progress: [...progress.values()],
      views: [...views.values()],
      dayViewers: [...dayViewers],
    };
    const statRows = [...stats.values()].sort((a, b) => a.videoId - b.videoId);
    progress = new Map();
    views = new Map();
    dayViewers = new Set();
    stats = new Map();
    // One flush at a time, in order.
    running = running.then(() => write(taken, statRows));
    return running;
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    add(report: AcceptedReport): void {
      if (report.userId !== null) {
        progress.set(`${report.userId}:${report.videoId}`, {
          userId: report.userId,
          videoId: report.videoId,
          position: report.position,
          duration: report.duration,
          finished: report.finished,
        });
      }
      if (report.viewKey !== null) {
        views.set(`${report.videoId}:${report.viewKey}`, {
          videoId: report.videoId,
          viewer: report.viewKey,
        });
      }
      if (report.dayViewer !== null) dayViewers.add(report.dayViewer);
      const day = stats.get(report.videoId) ?? { videoId: report.videoId, seconds: 0, finishes: 0 };
      day.seconds += report.seconds;
      if (report.finish) day.finishes += 1;
      stats.set(report.videoId, day);
      if (progress.size + views.size + stats.size >= FLUSH_AT_ROWS) void flush();
    },
    /** Writes what is waiting; resolves when it (and any flush before it) is written. */
    flush,
    /** Stops the timer and writes the rest (the app's onClose). */
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ProgressBatch = ReturnType<typeof createProgressBatch>;
