import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../../shared/messages/api.js';
import { HttpError } from '../lib/http-errors.js';

/**
 * When the process is saturated (its event loop lags past LOAD_SHED_MAX_DELAY_MS), API
 * requests are refused at once with 503 and Retry-After rather than queued until they time out;
 * pages, files and /healthz still answer, so the load balancer sees why.
 */
export async function registerLoadShedding(app: FastifyInstance): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: app.config.LOAD_SHED_MAX_DELAY_MS,
    // A rejected promise goes to the error handler, which writes the envelope.
    pressureHandler: async (request) => {
      if (!request.url.startsWith('/api/')) return;
      throw new HttpError(503, apiMessages.overloaded, { 'retry-after': '5' });
    },
  });
}
