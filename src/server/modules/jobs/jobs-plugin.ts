import type { FastifyInstance } from 'fastify';
import { createJobRunner, type JobRunner } from './job-runner.js';

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
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
}
