import type { FastifyInstance } from 'fastify';
import { createJobRunner, type JobRunner } from './job-runner.js';
import { deleteEndedJobs } from './jobs-repository.js';

/** The schedule that deletes ended jobs. */
export const SWEEP_SCHEDULE = 'sweep-ended-jobs';

/** Done jobs are kept a week, failed ones a month (their errors are read), 5,000 deleted at a time. */
export const KEEP_ENDED_JOBS = { doneDays: 7, failedDays: 30, batch: 5_000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * The durable job runner (decision 0016): modules define their kinds and schedules while the app
 * is built; polling starts once it is ready and stops when it closes, after the handlers running
 * then have ended. Registered after the mailer, so its onClose (run in reverse order) comes first.
 */
export function registerJobs(app: FastifyInstance, clock?: () => Date): void {
  const jobs = createJobRunner({
    db: app.db,
    log: app.log,
    pollMs: app.config.JOBS_POLL_MS,
    // A test's clock (AppOptions.clock) decides what is due; otherwise the database's does.
    ...(clock ? { clock } : {}),
  });
  app.decorate('jobs', jobs);
  // Ended jobs would otherwise pile up (a mailing leaves one per subscriber): an hourly sweep,
  // run by one instance per tick like any schedule.
  jobs.every(
    SWEEP_SCHEDULE,
    3600,
    async () => {
      const removed = await deleteEndedJobs(app.db, KEEP_ENDED_JOBS, clock ? clock() : null);
      if (removed > 0) app.log.info({ removed }, 'ended jobs deleted');
    },
    { firstRun: 'after-interval' },
  );
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
}
