import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import { jobSchedules, jobs } from '@server/db/schema.js';

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: JsonValue;
  /** This run's number, from 1: a fence for the writes that end it. */
  attempts: number;
  maxAttempts: number;
}

export type JobRow = typeof jobs.$inferSelect;
export type ScheduleRow = typeof jobSchedules.$inferSelect;

/**
 * The time every statement reads: the database's clock, so instances whose clocks differ agree on
 * what is due; a test passes its own (null means now()).
 */
const at = (now: Date | null): SQL => sql`coalesce(${now}::timestamptz, now())`;

const seconds = (count: number): SQL => sql`make_interval(secs => ${count})`;

export async function insertJob(
  db: Database,
  job: { kind: string; payload: JsonValue; runAt: Date | null; maxAttempts: number },
  now: Date | null,
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO jobs (kind, payload, run_at, max_attempts, created_at)
        VALUES (${job.kind}, ${JSON.stringify(job.payload)}::jsonb,
                coalesce(${job.runAt}::timestamptz, ${at(now)}), ${job.maxAttempts}, ${at(now)})
        RETURNING id::float8 AS id`,
  );
  return row!.id;
}

/**
 * Takes up to `limit` due jobs of the given kinds: queued ones whose time has come, and running
 * ones whose lock has passed (their runner died). SKIP LOCKED lets two instances claim at once
 * without waiting for each other or taking the same row; the outer state check keeps a row that
 * another claim changed meanwhile from being taken twice.
 */
export async function claimJobs(
  db: Database,
  kinds: string[],
  limit: number,
  lockSeconds: number,
  now: Date | null,
  /** Kinds whose lock is not `lockSeconds`. */
  kindLocks: Record<string, number> = {},
): Promise<ClaimedJob[]> {
  return queryRows<ClaimedJob>(
    db,
    sql`UPDATE jobs SET state = 'running', attempts = attempts + 1,
          locked_until = ${at(now)} + make_interval(secs => coalesce(
            (${JSON.stringify(kindLocks)}::jsonb ->> kind)::float8, ${lockSeconds}::float8))
        WHERE id IN (
          SELECT id FROM jobs
          WHERE kind = ANY(${sql.param(kinds)}::text[])
            AND ((state = 'queued' AND run_at <= ${at(now)})
              OR (state = 'running' AND locked_until <= ${at(now)} AND attempts < max_attempts))
          ORDER BY run_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        AND state IN ('queued', 'running')
        RETURNING id::float8 AS id, kind, payload, attempts, max_attempts AS "maxAttempts"`,
  );
}

/**
 * Jobs whose runner died on their last allowed attempt end failed, so a job that kills its
 * process every time is not taken again for ever.
 */
export async function failAbandonedJobs(
  db: Database,
  kinds: string[],
  now: Date | null,
): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE jobs SET state = 'failed', finished_at = ${at(now)}, locked_until = NULL,
          last_error = coalesce(last_error || ' / ', '') || 'its runner stopped before it ended'
        WHERE kind = ANY(${sql.param(kinds)}::text[]) AND state = 'running'
          AND locked_until <= ${at(now)} AND attempts >= max_attempts
        RETURNING id`,
  );
  return rows.length;
}

/**
 * Ends a run. The attempt number fences it: a runner that overran its lock, whose job another
 * runner has taken since, changes nothing.
 */
export async function completeJob(db: Database, job: ClaimedJob, now: Date | null): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET state = 'done', finished_at = ${at(now)}, locked_until = NULL
        WHERE id = ${job.id} AND state = 'running' AND attempts = ${job.attempts}`,
  );
}

/**
 * Keeps a running job its runner's while the handler works (called every third of the lock), so a
 * handler that outlasts the lock is not claimed again beside itself. Fenced like the end of a run.
 */
export async function extendJobLock(
  db: Database,
  job: ClaimedJob,
  lockSeconds: number,
  now: Date | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE jobs SET locked_until = ${at(now)} + ${seconds(lockSeconds)}
        WHERE id = ${job.id} AND state = 'running' AND attempts = ${job.attempts}`,
  );
}

/** Queues a failed run again after `retryInSeconds`, or ends it failed when that is null. */
export async function failJob(
  db: Database,
  job: ClaimedJob,
  error: string,
  retryInSeconds: number | null,
  now: Date | null,
): Promise<void> {
  await db.execute(
    retryInSeconds === null
      ? sql`UPDATE jobs SET state = 'failed', last_error = ${error}, finished_at = ${at(now)},
              locked_until = NULL
            WHERE id = ${job.id} AND state = 'running' AND attempts = ${job.attempts}`
      : sql`UPDATE jobs SET state = 'queued', last_error = ${error}, locked_until = NULL,
              run_at = ${at(now)} + ${seconds(retryInSeconds)}
            WHERE id = ${job.id} AND state = 'running' AND attempts = ${job.attempts}`,
  );
}

export async function findJob(db: Database, id: number): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row ?? null;
}

/** A schedule's row, made on its first start only: an interval changed at run time is kept. */
export async function ensureSchedule(
  db: Database,
  name: string,
  everySeconds: number,
  now: Date | null,
  delayFirst = false,
): Promise<void> {
  const first = delayFirst ? sql`${at(now)} + ${seconds(everySeconds)}` : at(now);
  await db.execute(
    sql`INSERT INTO job_schedules (name, every_seconds, next_run_at)
        VALUES (${name}, ${everySeconds}, ${first})
        ON CONFLICT (name) DO NOTHING`,
  );
}

export async function findScheduleState(
  db: Database,
  name: string,
): Promise<{ everySeconds: number; nextRunAt: Date } | null> {
  const [row] = await db
    .select({ everySeconds: jobSchedules.everySeconds, nextRunAt: jobSchedules.nextRunAt })
    .from(jobSchedules)
    .where(eq(jobSchedules.name, name));
  return row ?? null;
}

/**
 * Claims the due ticks of these schedules by moving each one's next run on: only the instance
 * whose update changed the row runs the tick. A tick still running on any instance (started, not
 * finished) holds the next one back, unless it started more than `lockSeconds` ago (its instance
 * died, or it overran: then the next tick runs beside it).
 */
export async function claimSchedules(
  db: Database,
  names: string[],
  lockSeconds: number,
  now: Date | null,
): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`UPDATE job_schedules
        SET next_run_at = ${at(now)} + make_interval(secs => every_seconds),
            last_started_at = ${at(now)}
        WHERE name = ANY(${sql.param(names)}::text[]) AND next_run_at <= ${at(now)} AND NOT paused
          AND (last_started_at IS NULL OR last_finished_at >= last_started_at
            OR last_started_at <= ${at(now)} - ${seconds(lockSeconds)})
        RETURNING name`,
  );
  return rows.map((row) => row.name);
}

export async function finishSchedule(
  db: Database,
  name: string,
  error: string | null,
  now: Date | null,
): Promise<void> {
  await db.execute(
    sql`UPDATE job_schedules SET last_finished_at = ${at(now)}, last_error = ${error}
        WHERE name = ${name}`,
  );
}

/**
 * A new interval counts from the last start: shortened, an overdue tick runs at the next poll;
 * lengthened, the next tick moves later.
 */
export async function setScheduleInterval(
  db: Database,
  name: string,
  everySeconds: number,
  now: Date | null,
): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`UPDATE job_schedules SET every_seconds = ${everySeconds},
          next_run_at = coalesce(last_started_at, ${at(now)}) + ${seconds(everySeconds)}
        WHERE name = ${name} RETURNING name`,
  );
  return rows.length > 0;
}

export async function setSchedulePaused(
  db: Database,
  name: string,
  paused: boolean,
): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`UPDATE job_schedules SET paused = ${paused} WHERE name = ${name} RETURNING name`,
  );
  return rows.length > 0;
}

/** Makes the next tick due now; whichever instance polls first runs it. */
export async function makeScheduleDue(
  db: Database,
  name: string,
  now: Date | null,
): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`UPDATE job_schedules SET next_run_at = ${at(now)} WHERE name = ${name} RETURNING name`,
  );
  return rows.length > 0;
}

export async function findSchedule(db: Database, name: string): Promise<ScheduleRow | null> {
  const [row] = await db.select().from(jobSchedules).where(eq(jobSchedules.name, name));
  return row ?? null;
}

/**
 * Deletes ended jobs: done ones `doneDays` after they finished, failed ones (kept longer, since
 * their error is read in the back-office) after `failedDays`. In batches of `batch` rows, each a
 * short statement, so a sweep after a mailing's hundred thousand jobs never holds the table long.
 * Returns how many went.
 */
export async function deleteEndedJobs(
  db: Database,
  keep: { doneDays: number; failedDays: number; batch: number },
  now: Date | null,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`DELETE FROM jobs WHERE id IN (
            SELECT id FROM jobs
            WHERE (state = 'done' AND finished_at < ${at(now)} - make_interval(days => ${keep.doneDays}))
               OR (state = 'failed'
                   AND finished_at < ${at(now)} - make_interval(days => ${keep.failedDays}))
            LIMIT ${keep.batch})
          RETURNING id`,
    );
    removed += rows.length;
    if (rows.length < keep.batch) return removed;
  }
}
