import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@server/db/client.js';
import { safeMessage } from '@server/lib/safe-errors.js';
import {
  claimJobs,
  claimSchedules,
  completeJob,
  extendJobLock,
  ensureSchedule,
  failAbandonedJobs,
  failJob,
  finishSchedule,
  findScheduleState,
  insertJob,
  makeScheduleDue,
  setScheduleInterval,
  setSchedulePaused,
  type ClaimedJob,
  type JsonValue,
} from './jobs-repository.js';

export interface JobContext {
  id: number;
  kind: string;
  payload: JsonValue;
  /** 1 on the first run. */
  attempt: number;
}

export type JobHandler = (job: JobContext) => Promise<void>;
export type ScheduleHandler = () => Promise<void>;

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Between polls; 0: this instance runs nothing by itself (runDue() still does). */
  pollMs: number;
  /** Jobs one instance runs at once. */
  concurrency?: number;
  /**
   * How long a claimed job is its runner's unless renewed (every third of it, while the handler
   * runs); past it, another instance takes it again. A schedule's tick holds the next one back as long.
   */
  lockSeconds?: number;
  /** Tests move time by hand; by default the database's clock decides what is due. */
  clock?: () => Date;
}

export interface JobRunner {
  /**
   * `lockSeconds`: this kind's own lock, when a dead runner's job must be taken again sooner than
   * the runner's (a mailing resumes within half a minute of a crash, not ten).
   */
  define: (kind: string, handler: JobHandler, options?: { lockSeconds?: number }) => void;
  enqueue: (
    kind: string,
    payload: JsonValue,
    options?: { runAt?: Date; maxAttempts?: number },
  ) => Promise<number>;
  /**
   * The interval is the first one only; `reschedule` changes the stored one. The first tick is
   * due at once, or one interval after the schedule is first stored (`firstRun: 'after-interval'`).
   */
  every: (
    name: string,
    everySeconds: number,
    handler: ScheduleHandler,
    options?: { firstRun?: 'now' | 'after-interval' },
  ) => void;
  /** A schedule's stored interval and next tick; null when no schedule has that name. */
  scheduleState: (name: string) => Promise<{ everySeconds: number; nextRunAt: Date } | null>;
  /** False when no schedule has that name. */
  reschedule: (name: string, everySeconds: number) => Promise<boolean>;
  pause: (name: string) => Promise<boolean>;
  resume: (name: string) => Promise<boolean>;
  runNow: (name: string) => Promise<boolean>;
  /** Claims what is due now, runs it and waits for it: the poll's work, for tests and scripts. */
  runDue: () => Promise<{ jobs: number; schedules: number }>;
  start: () => void;
  /** Claims nothing more and waits for the handlers running. */
  stop: () => Promise<void>;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 60 * 60;
/** A stored error is for reading in the back-office, not a log: its first lines are enough. */
const ERROR_MAX_LENGTH = 2000;

/** 30 s, 60 s, 120 s... after the 1st, 2nd, 3rd failed attempt, never more than an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(RETRY_BASE_SECONDS * 2 ** (attempt - 1), RETRY_MAX_SECONDS);
}

function checkInterval(name: string, everySeconds: number): void {
  if (!Number.isInteger(everySeconds) || everySeconds < 1) {
    throw new Error(`Schedule ${name} needs a whole number of seconds, at least 1`);
  }
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 5;
  const lockSeconds = options.lockSeconds ?? 600;
  const now = () => options.clock?.() ?? null;
  const handlers = new Map<string, JobHandler>();
  const kindLocks: Record<string, number> = {};
  const lockOf = (kind: string) => kindLocks[kind] ?? lockSeconds;
  const schedules = new Map<
    string,
    { everySeconds: number; handler: ScheduleHandler; delayFirst: boolean }
  >();
  const unsaved = new Set<string>();
  const running = new Set<Promise<void>>();
  const runningSchedules = new Set<string>();
  const runningJobs = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> | null = null;

  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };

  const saveSchedules = async () => {
    for (const name of unsaved) {
      const schedule = schedules.get(name)!;
      await ensureSchedule(db, name, schedule.everySeconds, now(), schedule.delayFirst);
      unsaved.delete(name);
    }
  };

  const runJob = async (job: ClaimedJob) => {
    const handler = handlers.get(job.kind)!;
    // The lock is renewed while the handler works: only a runner that stops renews nothing.
    const heartbeat = setInterval(
      () => {
        extendJobLock(db, job, lockOf(job.kind), now()).catch((error: unknown) =>
          log.warn({ err: error, jobId: job.id }, "a running job's lock could not be renewed"),
        );
      },
      (lockOf(job.kind) * 1000) / 3,
    );
    heartbeat.unref();
    try {
      await handler({ id: job.id, kind: job.kind, payload: job.payload, attempt: job.attempts });
    } catch (error) {
      const last = job.attempts >= job.maxAttempts;
      log.warn({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      await failJob(
        db,
        job,
        safeMessage(error).slice(0, ERROR_MAX_LENGTH),
        last ? null : retryDelaySeconds(job.attempts),
        now(),
      );
      return;
    } finally {
      clearInterval(heartbeat);
    }
    // Outside the try: work that was done is not queued again because its record failed.
    await completeJob(db, job, now());
  };

  const runSchedule = async (name: string) => {
    runningSchedules.add(name);
    let failure: string | null = null;
    try {
      await schedules.get(name)!.handler();
    } catch (error) {
      log.warn({ err: error, schedule: name }, 'scheduled work failed');
      failure = safeMessage(error).slice(0, ERROR_MAX_LENGTH);
    } finally {
      runningSchedules.delete(name);
    }
    await finishSchedule(db, name, failure, now());
  };

  /** Claims and starts what is due; answers the started work without waiting for it. */
  const claimDue = async (): Promise<{
    jobs: Promise<void>[];
    schedules: Promise<void>[];
    /** Every free slot was filled: more may be due. */
    full: boolean;
  }> => {
    if (stopped) return { jobs: [], schedules: [], full: false };
    await saveSchedules();
    // A tick still running here is not started again beside itself.
    const idle = [...schedules.keys()].filter((name) => !runningSchedules.has(name));
    const ticks = idle.length > 0 ? await claimSchedules(db, idle, lockSeconds, now()) : [];
    const kinds = [...handlers.keys()];
    const room = concurrency - runningJobs.size;
    let claimed: ClaimedJob[] = [];
    if (kinds.length > 0 && room > 0) {
      await failAbandonedJobs(db, kinds, now());
      claimed = await claimJobs(db, kinds, room, lockSeconds, now(), kindLocks);
    }
    // The handler ran; only its end could not be written (the database went away).
    const unrecorded = (what: string) => (error: unknown) =>
      log.error({ err: error }, `${what} could not be recorded`);
    return {
      full: kinds.length > 0 && claimed.length === room,
      schedules: ticks.map((name) => track(runSchedule(name).catch(unrecorded('a scheduled run')))),
      jobs: claimed.map((job) => {
        const work = track(runJob(job).catch(unrecorded('a job run')));
        runningJobs.add(work);
        void work.finally(() => runningJobs.delete(work));
        return work;
      }),
    };
  };

  const poll = async () => {
    let full = false;
    try {
      full = (await claimDue()).full;
    } catch (error) {
      log.warn({ err: error }, 'due jobs could not be claimed');
    }
    // Every slot taken: more may be due, so the next poll comes as soon as one frees, not after
    // the interval (a backlog would otherwise drain at `concurrency` jobs per interval).
    if (full && runningJobs.size > 0) await Promise.race(runningJobs);
    if (stopped) return;
    timer = setTimeout(
      () => {
        polling = poll();
      },
      full ? 0 : options.pollMs,
    );
    timer.unref();
  };

  return {
    define: (kind, handler, defineOptions = {}) => {
      if (handlers.has(kind)) throw new Error(`Job kind ${kind} is defined twice`);
      handlers.set(kind, handler);
      if (defineOptions.lockSeconds !== undefined) kindLocks[kind] = defineOptions.lockSeconds;
    },
    enqueue: (kind, payload, enqueueOptions = {}) =>
      insertJob(
        db,
        {
          kind,
          payload,
          runAt: enqueueOptions.runAt ?? null,
          maxAttempts: enqueueOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        },
        now(),
      ),
    every: (name, everySeconds, handler, everyOptions = {}) => {
      if (schedules.has(name)) throw new Error(`Schedule ${name} is defined twice`);
      checkInterval(name, everySeconds);
      const delayFirst = everyOptions.firstRun === 'after-interval';
      schedules.set(name, { everySeconds, handler, delayFirst });
      unsaved.add(name);
    },
    scheduleState: async (name) => {
      await saveSchedules();
      return findScheduleState(db, name);
    },
    reschedule: async (name, everySeconds) => {
      checkInterval(name, everySeconds);
      await saveSchedules();
      return setScheduleInterval(db, name, everySeconds, now());
    },
    pause: async (name) => {
      await saveSchedules();
      return setSchedulePaused(db, name, true);
    },
    resume: async (name) => {
      await saveSchedules();
      return setSchedulePaused(db, name, false);
    },
    runNow: async (name) => {
      await saveSchedules();
      return makeScheduleDue(db, name, now());
    },
    runDue: async () => {
      const started = await claimDue();
      await Promise.all([...started.jobs, ...started.schedules]);
      return { jobs: started.jobs.length, schedules: started.schedules.length };
    },
    start: () => {
      if (options.pollMs <= 0 || stopped || polling) return;
      polling = poll();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await polling;
      await Promise.all([...running]);
    },
  };
}
