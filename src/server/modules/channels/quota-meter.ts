import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { QuotaToday } from '@shared/schemas/channels.js';
import type { Database } from '@server/db/client.js';
import { youtubeQuotaDays } from '@server/db/schema.js';
import type { QuotaBudget, QuotaGuard } from '../youtube/youtube-quota.js';

/** YouTube's quota day ends at midnight Pacific time. */
const QUOTA_ZONE = 'America/Los_Angeles';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: QUOTA_ZONE,
  timeZoneName: 'longOffset',
});

/** YYYY-MM-DD of YouTube's quota day at `now`. */
export function quotaDay(now: Date): string {
  return dayFormat.format(now);
}

/** Minutes the Pacific zone is ahead of UTC at `instant` (-480 in winter, -420 in summer). */
function pacificOffsetMinutes(instant: number): number {
  const zone = offsetFormat.formatToParts(instant).find((part) => part.type === 'timeZoneName');
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zone?.value ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * When the quota day of `now` ends: the next midnight in Pacific time, whose offset from UTC
 * changes twice a year (a day is then 23 or 25 hours long).
 */
export function nextQuotaReset(now: Date): Date {
  const [year, month, day] = quotaDay(now).split('-').map(Number);
  const midnightUtc = Date.UTC(year!, month! - 1, day! + 1);
  // The offset at midnight as the zone's rule is before it: read it near there, then once more.
  let instant = midnightUtc - pacificOffsetMinutes(midnightUtc) * 60_000;
  instant = midnightUtc - pacificOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}

/** Units left to administrators' imports: the sync stops this far below the daily limit. */
export function syncStopsAt(limit: number): number {
  return Math.floor(limit * 0.95);
}

export interface QuotaMeter {
  /** For the YouTube client: every Data API call's units, counted for the day. */
  onQuotaSpent: (units: number) => void;
  /** For the YouTube client: refuses a call past the running sync's budget (none outside one). */
  guard: QuotaGuard;
  /** Runs `work` with `budget` as the guard of every YouTube call it makes. */
  withBudget: <T>(budget: QuotaBudget, work: () => Promise<T>) => Promise<T>;
  today: () => Promise<QuotaToday>;
  /** Waits for the counts sent so far to be written. */
  flush: () => Promise<void>;
}

/**
 * Counts the Data API units every instance spends, per quota day, in youtube_quota_days (one
 * upsert per call: the sync makes a handful an hour). A sync runs under a budget that stops it
 * at syncStopsAt, so the rest of the day's quota stays for the administrators' imports.
 */
export function createQuotaMeter(options: {
  db: Database;
  clock: () => Date;
  limit: number;
  log: FastifyBaseLogger;
}): QuotaMeter {
  const { db, clock, limit, log } = options;
  const running = new AsyncLocalStorage<QuotaBudget>();
  let writes: Promise<void> = Promise.resolve();

  async function spentOn(day: string): Promise<number> {
    await writes;
    const [row] = await db
      .select({ units: youtubeQuotaDays.units })
      .from(youtubeQuotaDays)
      .where(eq(youtubeQuotaDays.day, day));
    return row?.units ?? 0;
  }

  return {
    onQuotaSpent(units) {
      running.getStore()?.onQuotaSpent(units);
      const day = quotaDay(clock());
      writes = writes
        .then(async () => {
          await db
            .insert(youtubeQuotaDays)
            .values({ day, units })
            .onConflictDoUpdate({
              target: youtubeQuotaDays.day,
              set: { units: sql`${youtubeQuotaDays.units} + ${units}` },
            });
        })
        .catch((error: unknown) => {
          // A lost count only lets a sync run a little closer to the limit.
          log.warn({ err: error }, 'YouTube quota units could not be counted');
        });
    },
    guard: {
      beforeCall(units) {
        running.getStore()?.guard.beforeCall?.(units);
      },
    },
    withBudget: (budget, work) => running.run(budget, work),
    async today() {
      const day = quotaDay(clock());
      return { day, spent: await spentOn(day), limit, sync_stops_at: syncStopsAt(limit) };
    },
    flush: () => writes,
  };
}
