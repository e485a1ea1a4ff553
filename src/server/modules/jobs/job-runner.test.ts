import { expect, it } from 'vitest';
import { createTestApp } from '@server/testing/test-app.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { createJobRunner, retryDelaySeconds, type JobRunnerOptions } from './job-runner.js';
import { jobs as jobRows } from '@server/db/schema.js';
import { KEEP_ENDED_JOBS, SWEEP_SCHEDULE } from './jobs-plugin.js';
import { claimJobs, deleteEndedJobs, failJob, findJob, findSchedule } from './jobs-repository.js';

// One runner (or a runner and its restart) on either engine; two at once on one PostgreSQL
// database are in job-runner-scale-out.postgres.test.ts. Time is the tests' own clock, moved by
// hand, and work runs when a test calls runDue(): nothing here waits for a timer.
const { t } = useTestApp();

let time = new Date('2031-03-01T12:00:00Z');
const advance = (seconds: number) => {
  time = new Date(time.getTime() + seconds * 1000);
};
const runner = (options: Partial<JobRunnerOptions> = {}) =>
  createJobRunner({ db: t.db, log: t.app.log, pollMs: 0, clock: () => time, ...options });

it('runs a job once, with its payload, and marks it done', async () => {
  const jobs = runner();
  const seen: unknown[] = [];
  jobs.define('once', async (job) => {
    seen.push({ payload: job.payload, attempt: job.attempt });
  });
  const id = await jobs.enqueue('once', { videoId: 12, tags: ['fiddle'] });
  expect(await jobs.runDue()).toEqual({ jobs: 1, schedules: 0 });
  expect(await jobs.runDue()).toEqual({ jobs: 0, schedules: 0 });
  expect(seen).toEqual([{ payload: { videoId: 12, tags: ['fiddle'] }, attempt: 1 }]);
  const row = await findJob(t.db, id);
  expect(row).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null, lastError: null });
  expect(row?.finishedAt?.getTime()).toBe(time.getTime());
});

it('waits for a job’s time, and leaves kinds it has no handler for to other instances', async () => {
  const jobs = runner();
  let runs = 0;
  jobs.define('later', async () => {
    runs++;
  });
  await jobs.enqueue('later', null, { runAt: new Date(time.getTime() + 60_000) });
  await jobs.enqueue('unknown-here', {});
  advance(59);
  expect((await jobs.runDue()).jobs).toBe(0);
  advance(1);
  expect((await jobs.runDue()).jobs).toBe(1);
  expect(runs).toBe(1);
});

it('retries a failing job with a growing delay, then keeps it failed with its message', async () => {
  expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  const jobs = runner();
  let runs = 0;
  jobs.define('flaky', async (job) => {
    runs++;
    throw new Error(`the feed answered 503 (attempt ${job.attempt})`);
  });
  const id = await jobs.enqueue('flaky', {}, { maxAttempts: 3 });
  expect((await jobs.runDue()).jobs).toBe(1);
  let row = await findJob(t.db, id);
  expect(row).toMatchObject({ state: 'queued', attempts: 1 });
  expect(row?.lastError).toBe('the feed answered 503 (attempt 1)');
  expect(row?.runAt.getTime()).toBe(time.getTime() + 30_000);

  advance(29);
  expect((await jobs.runDue()).jobs).toBe(0);
  advance(1);
  expect((await jobs.runDue()).jobs).toBe(1);
  row = await findJob(t.db, id);
  expect(row?.runAt.getTime()).toBe(time.getTime() + 60_000);

  advance(60);
  expect((await jobs.runDue()).jobs).toBe(1);
  row = await findJob(t.db, id);
  expect(row).toMatchObject({
    state: 'failed',
    attempts: 3,
    lastError: 'the feed answered 503 (attempt 3)',
  });
  expect(row?.finishedAt?.getTime()).toBe(time.getTime());
  advance(3600);
  expect((await jobs.runDue()).jobs).toBe(0);
  expect(runs).toBe(3);
});

it('takes again a job whose runner died, once its lock has passed; the dead run changes nothing', async () => {
  const id = await runner().enqueue('orphan', { n: 1 });
  // A runner claims it and dies (its process is gone): the row stays running, locked 60 s.
  const [dead] = await claimJobs(t.db, ['orphan'], 10, 60, time);
  expect(dead?.id).toBe(id);

  const restarted = runner();
  const attempts: number[] = [];
  restarted.define('orphan', async (job) => {
    attempts.push(job.attempt);
  });
  advance(59);
  expect((await restarted.runDue()).jobs).toBe(0);
  advance(1);
  expect((await restarted.runDue()).jobs).toBe(1);
  expect(attempts).toEqual([2]);
  // The first run, come back late, cannot undo the second's result.
  await failJob(t.db, dead!, 'late', 30, time);
  expect(await findJob(t.db, id)).toMatchObject({ state: 'done', attempts: 2, lastError: null });
});

it('renews a running job’s lock, so a handler that outlasts it is not taken again beside itself', async () => {
  // A 0.3 s lock, renewed every 0.1 s of real time while the handler works.
  const busy = runner({ lockSeconds: 0.3 });
  let finish = () => undefined as void;
  busy.define('long-import', () => new Promise<void>((resolve) => (finish = resolve)));
  const id = await busy.enqueue('long-import', {});
  const first = busy.runDue();
  await expect.poll(async () => (await findJob(t.db, id))?.state).toBe('running');
  // Past the first lock by the clock; the renewal made after it holds the job.
  advance(1);
  await new Promise((resolve) => setTimeout(resolve, 250));
  const other = runner({ lockSeconds: 0.3 });
  let taken = 0;
  other.define('long-import', async () => {
    taken++;
  });
  expect((await other.runDue()).jobs).toBe(0);
  finish();
  await first;
  expect(taken).toBe(0);
  expect(await findJob(t.db, id)).toMatchObject({ state: 'done', attempts: 1 });
});

it('holds a schedule’s next tick while one runs on another instance, unless that one is older than the lock', async () => {
  let finish = () => undefined as void;
  const starts: string[] = [];
  const slow = runner({ lockSeconds: 600 });
  slow.every('channel-sync', 60, async () => {
    starts.push('slow');
    await new Promise<void>((resolve) => (finish = resolve));
  });
  const first = slow.runDue();
  await expect.poll(() => starts.length).toBe(1);
  const other = runner({ lockSeconds: 600 });
  other.every('channel-sync', 60, async () => {
    starts.push('other');
  });
  // Its next tick is due, but the first still runs: held back.
  advance(120);
  expect((await other.runDue()).schedules).toBe(0);
  finish();
  await first;
  expect((await other.runDue()).schedules).toBe(1);

  // A tick whose instance died (started, never finished) holds it only until the lock passes.
  const dead = runner({ lockSeconds: 600 });
  dead.every('report-sweep', 60, () => new Promise<void>(() => undefined));
  void dead.runDue();
  await expect
    .poll(async () => (await findSchedule(t.db, 'report-sweep'))?.lastStartedAt)
    .toBeTruthy();
  const survivor = runner({ lockSeconds: 600 });
  let swept = 0;
  survivor.every('report-sweep', 60, async () => {
    swept++;
  });
  advance(120);
  expect((await survivor.runDue()).schedules).toBe(0);
  advance(600);
  expect((await survivor.runDue()).schedules).toBe(1);
  expect(swept).toBe(1);
  expect(starts).toEqual(['slow', 'other']);
});

it('ends failed a job whose runner died on its last attempt', async () => {
  const id = await runner().enqueue('fatal', {}, { maxAttempts: 1 });
  await claimJobs(t.db, ['fatal'], 10, 60, time);
  const jobs = runner();
  let runs = 0;
  jobs.define('fatal', async () => {
    runs++;
  });
  advance(60);
  expect((await jobs.runDue()).jobs).toBe(0);
  expect(runs).toBe(0);
  expect(await findJob(t.db, id)).toMatchObject({
    state: 'failed',
    lastError: 'its runner stopped before it ended',
  });
});

it('runs a schedule once per tick, and a restarted runner keeps its next run', async () => {
  let runs = 0;
  const first = runner();
  first.every('hourly-sync', 3600, async () => {
    runs++;
  });
  expect((await first.runDue()).schedules).toBe(1);
  expect((await first.runDue()).schedules).toBe(0);
  advance(1800);
  expect((await first.runDue()).schedules).toBe(0);
  await first.stop();

  // The new process states another interval in its code: the stored one is kept.
  const second = runner();
  second.every('hourly-sync', 60, async () => {
    runs++;
  });
  expect((await second.runDue()).schedules).toBe(0);
  advance(1800);
  expect((await second.runDue()).schedules).toBe(1);
  expect(runs).toBe(2);
  const row = await findSchedule(t.db, 'hourly-sync');
  expect(row).toMatchObject({ everySeconds: 3600, lastError: null, paused: false });
  expect(row?.nextRunAt.getTime()).toBe(time.getTime() + 3600_000);
});

it('keeps a failed tick’s message and runs the next tick as usual', async () => {
  const jobs = runner();
  let fail = true;
  jobs.every('fragile', 60, async () => {
    if (fail) throw new Error('channel not found');
  });
  await jobs.runDue();
  expect(await findSchedule(t.db, 'fragile')).toMatchObject({ lastError: 'channel not found' });
  fail = false;
  advance(60);
  expect((await jobs.runDue()).schedules).toBe(1);
  expect(await findSchedule(t.db, 'fragile')).toMatchObject({ lastError: null });
});

it('changes, pauses, resumes and runs a schedule now', async () => {
  const jobs = runner();
  let runs = 0;
  jobs.every('publish', 3600, async () => {
    runs++;
  });
  await jobs.runDue();
  expect(runs).toBe(1);

  // Shorter: counted from the last start.
  expect(await jobs.reschedule('publish', 600)).toBe(true);
  advance(599);
  expect((await jobs.runDue()).schedules).toBe(0);
  advance(1);
  expect((await jobs.runDue()).schedules).toBe(1);
  expect(await findSchedule(t.db, 'publish')).toMatchObject({ everySeconds: 600 });

  expect(await jobs.pause('publish')).toBe(true);
  advance(6000);
  expect((await jobs.runDue()).schedules).toBe(0);
  expect(await jobs.runNow('publish')).toBe(true);
  expect((await jobs.runDue()).schedules).toBe(0);
  expect(await jobs.resume('publish')).toBe(true);
  expect((await jobs.runDue()).schedules).toBe(1);

  expect(await jobs.runNow('publish')).toBe(true);
  expect((await jobs.runDue()).schedules).toBe(1);
  expect(runs).toBe(4);
  expect(await jobs.reschedule('no-such-schedule', 60)).toBe(false);
  await expect(jobs.reschedule('publish', 0)).rejects.toThrow(/at least 1/);
});

it('waits on stop for the handlers running, then claims nothing more', async () => {
  const jobs = runner();
  let release: () => void = () => undefined;
  let finished = false;
  jobs.define('slow', async () => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    finished = true;
  });
  const id = await jobs.enqueue('slow', {});
  const running = jobs.runDue();
  await expect.poll(async () => (await findJob(t.db, id))?.state).toBe('running');
  let stopped = false;
  const stopping = jobs.stop().then(() => {
    stopped = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(stopped).toBe(false);
  release();
  await stopping;
  await running;
  expect(finished).toBe(true);
  expect(await findJob(t.db, id)).toMatchObject({ state: 'done' });
  await jobs.enqueue('slow', {});
  expect(await jobs.runDue()).toEqual({ jobs: 0, schedules: 0 });
});

it('drains a backlog at once when polling, without waiting an interval per batch', async () => {
  // A minute between polls: only the poll that follows a full claim can run all ten in time.
  const jobs = runner({ pollMs: 60_000, concurrency: 2 });
  const done: number[] = [];
  jobs.define('backlog', async (job) => {
    done.push(job.id);
  });
  const ids: number[] = [];
  for (let n = 0; n < 10; n++) ids.push(await jobs.enqueue('backlog', { n }));
  jobs.start();
  try {
    await expect.poll(() => done.length, { timeout: 10_000 }).toBe(10);
    expect(done.toSorted((a, b) => a - b)).toEqual(ids);
  } finally {
    await jobs.stop();
  }
});

it('polls by itself in the app, every JOBS_POLL_MS', async () => {
  const own = await createTestApp({ env: { JOBS_POLL_MS: '10' } });
  try {
    const done: number[] = [];
    own.app.jobs.define('polled', async (job) => {
      done.push(job.id);
    });
    const id = await own.app.jobs.enqueue('polled', {});
    await expect.poll(() => done, { timeout: 10_000 }).toEqual([id]);
    await expect
      .poll(async () => (await findJob(own.db, id))?.state, { timeout: 10_000 })
      .toBe('done');
  } finally {
    await own.close();
  }
});

it('sweeps ended jobs every hour: done ones after a week, failed ones after a month', async () => {
  let now = new Date('2031-06-01T12:00:00Z');
  const own = await createTestApp({ clock: () => now });
  try {
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const rows = await own.db
      .insert(jobRows)
      .values([
        { kind: 'old-done', state: 'done', finishedAt: daysAgo(8) },
        { kind: 'recent-done', state: 'done', finishedAt: daysAgo(6) },
        { kind: 'old-failed', state: 'failed', finishedAt: daysAgo(31) },
        { kind: 'recent-failed', state: 'failed', finishedAt: daysAgo(8) },
        { kind: 'waiting', state: 'queued', runAt: daysAgo(40) },
        ...Array.from({ length: 5 }, () => ({
          kind: 'batch-done',
          state: 'done',
          finishedAt: daysAgo(10),
        })),
      ])
      .returning({ id: jobRows.id });
    expect(rows).toHaveLength(10);
    const kinds = async () =>
      (await own.db.select({ kind: jobRows.kind }).from(jobRows)).map((row) => row.kind).sort();

    // Stored with the app, first due an hour later.
    expect(await own.app.jobs.scheduleState(SWEEP_SCHEDULE)).toEqual({
      everySeconds: 3600,
      nextRunAt: new Date(now.getTime() + 3_600_000),
    });
    await own.app.jobs.runDue();
    expect(await kinds()).toHaveLength(10);

    now = new Date(now.getTime() + 3_601_000);
    await own.app.jobs.runDue();
    expect(await kinds()).toEqual(['recent-done', 'recent-failed', 'waiting']);

    // In batches: more rows than one batch all go in one sweep.
    await own.db
      .insert(jobRows)
      .values(
        Array.from({ length: 5 }, () => ({ kind: 'more', state: 'done', finishedAt: daysAgo(9) })),
      );
    expect(await deleteEndedJobs(own.db, { ...KEEP_ENDED_JOBS, batch: 2 }, now)).toBe(5);
    expect(await kinds()).toEqual(['recent-done', 'recent-failed', 'waiting']);
  } finally {
    await own.close();
  }
});

it('takes a dead runner’s job again after its kind’s own lock, others after the runner’s', async () => {
  const dead = runner({ lockSeconds: 600 });
  dead.define('mailing-batch', () => new Promise<void>(() => undefined), { lockSeconds: 30 });
  dead.define('slow-import', () => new Promise<void>(() => undefined));
  const mailing = await dead.enqueue('mailing-batch', {});
  const slow = await dead.enqueue('slow-import', {});
  void dead.runDue();
  await expect.poll(async () => (await findJob(t.db, slow))?.state).toBe('running');
  await expect.poll(async () => (await findJob(t.db, mailing))?.state).toBe('running');

  const restarted = runner({ lockSeconds: 600 });
  const taken: string[] = [];
  restarted.define('mailing-batch', async () => void taken.push('mailing-batch'), {
    lockSeconds: 30,
  });
  restarted.define('slow-import', async () => void taken.push('slow-import'));
  advance(29);
  expect((await restarted.runDue()).jobs).toBe(0);
  advance(2);
  expect((await restarted.runDue()).jobs).toBe(1);
  expect(taken).toEqual(['mailing-batch']);
  advance(600);
  expect((await restarted.runDue()).jobs).toBe(1);
  expect(taken).toEqual(['mailing-batch', 'slow-import']);
});
