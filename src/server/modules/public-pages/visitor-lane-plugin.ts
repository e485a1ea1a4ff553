import type { FastifyInstance } from 'fastify';
import { createVisitorLane, type VisitorLane } from './visitor-lane.js';

declare module 'fastify' {
  interface FastifyInstance {
    visitorLane: VisitorLane;
  }
}

/**
 * The lane that answers visitors' repeat reads of cached pages before Fastify (visitor-lane.ts).
 * Registered after every other hook, so what it learns from an answer is that answer's final
 * headers; app.ts puts it in front of the app's request handler.
 */
export function registerVisitorLane(app: FastifyInstance): VisitorLane {
  const lane = createVisitorLane({
    pageCache: app.pageCache,
    viewerCache: app.viewerCache,
    general: app.abuse.general,
    log: app.log,
    trustProxy: app.config.TRUST_PROXY,
    open: () => !app.closing() && !app.overloaded(),
  });
  app.decorate('visitorLane', lane);
  app.addHook('onSend', async (request, reply) => {
    lane.learn(request, reply);
  });
  return lane;
}
