/**
 * The job runner's own cost (decision 0016): 1,000 no-op jobs enqueued, then claimed, run and
 * marked done, on a fresh PostgreSQL database (by one runner, then by two on separate pools) and
 * on the embedded database. `tsx scripts/bench/job-throughput.ts [postgres://…/any-database]`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '@server/db/client.js';
import { createJobRunner, type JobRunner } from '@server/modules/jobs/job-runner.js';

const JOBS = 1000;
const CONCURRENCY = 10;
const log = pino({ level: 'silent' });
let ran = 0;

function runnerOf(handle: DatabaseHandle): JobRunner {
  // A long interval: a drained queue is not polled again during the measure.
  const runner = createJobRunner({ db: handle.db, log, pollMs: 60_000, concurrency: CONCURRENCY });
  runner.define('noop', async () => {
    ran++;
  });
  return runner;
}

async function measure(label: string, handles: DatabaseHandle[]): Promise<void> {
  const runners = handles.map(runnerOf);
  ran = 0;
  let started = performance.now();
  for (let n = 0; n < JOBS; n++) await runners[0]!.enqueue('noop', { n });
  const enqueueSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  // As the server runs them: each runner polls, and polls again as soon as a slot frees.
  runners.forEach((runner) => runner.start());
  while (ran < JOBS) await new Promise((resolve) => setTimeout(resolve, 5));
  const runSeconds = (performance.now() - started) / 1000;
  await Promise.all(runners.map((runner) => runner.stop()));
  console.log(
    `${label}: enqueue ${Math.round(JOBS / enqueueSeconds)} jobs/s (one INSERT each), ` +
      `claim+run+complete ${Math.round(JOBS / runSeconds)} jobs/s`,
  );
}

async function onPostgres(url: string): Promise<void> {
  const name = `twang_job_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  try {
    const first = await openDatabase({ url: target.href, poolSize: CONCURRENCY });
    handles.push(first);
    await first.migrate();
    await measure('PostgreSQL, one runner', [first]);
    handles.push(await openDatabase({ url: target.href, poolSize: CONCURRENCY }));
    await measure('PostgreSQL, two runners', handles);
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function onEmbedded(): Promise<void> {
  const handle = await openDatabase({ url: 'memory://' });
  try {
    await handle.migrate();
    await measure('embedded database, one runner', [handle]);
  } finally {
    await handle.close();
  }
}

await onPostgres(process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/test');
await onEmbedded();
