import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@server/db/query-rows.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { createJobRunner, type JobRunner } from './job-runner.js';

// Two instances on one PostgreSQL database, each with its own pool and runner, claiming at the
// same moments: every job runs once, every schedule tick once.
const instances: TestApp[] = [];
beforeAll(async () => {
  const first = await createTestApp();
  instances.push(first, await createTestApp({ sameDatabaseAs: first }));
});
// The second first: the first drops the database.
afterAll(async () => {
  for (const instance of instances.toReversed()) await instance.close();
});

let time = new Date('2031-06-01T08:00:00Z');
const runnerOn = (app: TestApp): JobRunner =>
  createJobRunner({ db: app.db, log: app.app.log, pollMs: 0, concurrency: 8, clock: () => time });

it('runs each of many jobs once between two runners claiming together', async () => {
  const runs = new Map<number, number>();
  const byRunner = [0, 0];
  const runners = instances.map(runnerOn);
  runners.forEach((runner, index) =>
    runner.define('fan-out', async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      byRunner[index]!++;
      // Hold the claim a moment, so the other runner's claim meets these rows locked.
      await new Promise((resolve) => setTimeout(resolve, 1));
    }),
  );
  const ids = await Promise.all(
    Array.from({ length: 300 }, (_, n) => runners[n % 2]!.enqueue('fan-out', { n })),
  );
  for (let round = 0; round < 100; round++) {
    const done = await Promise.all(runners.map((runner) => runner.runDue()));
    if (done.every((result) => result.jobs === 0)) break;
  }
  expect(runs.size).toBe(300);
  expect([...runs.values()].every((count) => count === 1)).toBe(true);
  expect(new Set(runs.keys())).toEqual(new Set(ids));
  expect(byRunner[0]).toBeGreaterThan(0);
  expect(byRunner[1]).toBeGreaterThan(0);
  const [left] = await queryRows<{ n: number }>(
    instances[0]!.db,
    sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'fan-out' AND state <> 'done'`,
  );
  expect(left?.n).toBe(0);
});

it('runs a schedule once per tick between two runners, and once after both restart', async () => {
  let runs = 0;
  const tick = async () => {
    runs++;
  };
  const [a, b] = instances.map(runnerOn) as [JobRunner, JobRunner];
  a.every('channel-sync', 3600, tick);
  b.every('channel-sync', 3600, tick);
  for (let hour = 0; hour < 5; hour++) {
    const done = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(done.reduce((sum, result) => sum + result.schedules, 0)).toBe(1);
    time = new Date(time.getTime() + 3600_000);
  }
  await Promise.all([a.stop(), b.stop()]);
  expect(runs).toBe(5);

  const [c, d] = instances.map(runnerOn) as [JobRunner, JobRunner];
  c.every('channel-sync', 3600, tick);
  d.every('channel-sync', 3600, tick);
  await Promise.all([c.runDue(), d.runDue()]);
  expect(runs).toBe(6);
  await Promise.all([c.runDue(), d.runDue()]);
  expect(runs).toBe(6);
});
