import type { FastifyInstance } from 'fastify';
import { LIMITS, routeLimit } from '../abuse/abuse-limits.js';
import { PROGRESS_ROUTE } from './progress-report.js';
import { createReportLane, type ReportLane } from './report-lane.js';

declare module 'fastify' {
  interface FastifyInstance {
    reportLane: ReportLane;
  }
}

/**
 * The lane that takes signed-in fans' progress reports before Fastify (report-lane.ts).
 * Registered after every other onSend hook, so the headers it learns are the answer's final
 * ones; app.ts puts it in front of the app's request handler, and the progress route gives a
 * request it hands back its body again (`replayed`).
 */
export function registerReportLane(app: FastifyInstance): ReportLane {
  const { max, timeWindow } = routeLimit(app, LIMITS.progressReports).rateLimit;
  const lane = createReportLane({
    session: (tokenHash) => app.viewerCache.session(tokenHash),
    watching: app.watching,
    limit: {
      max,
      count: (key) => app.abuse.countOnRoute('POST', PROGRESS_ROUTE, key, timeWindow),
    },
    log: app.log,
    trustProxy: app.config.TRUST_PROXY,
    open: () => !app.closing() && !app.overloaded(),
  });
  app.decorate('reportLane', lane);
  app.addHook('onSend', async (request, reply) => {
    lane.learn(request, reply);
  });
  return lane;
}
