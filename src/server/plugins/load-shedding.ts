import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '@shared/messages/api.js';
import { HttpError } from '../lib/http-errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether API requests are being refused because the event loop lags. */
    overloaded: () => boolean;
  }
}

/** How often the lag is judged; a verdict holds until the next one. */
const SAMPLE_MS = 500;
const RESOLUTION_MS = 10;

/**
 * When the process is saturated (its event loop lags past LOAD_SHED_MAX_DELAY_MS), API
 * requests are refused at once with 503 and Retry-After rather than queued until they time out;
 * pages, files and /healthz still answer, so the load balancer sees why.
 *
 * The lag is the worse of the loop's mean delay over the last sample and how late the sampling
 * tick itself fired. The second covers a stall longer than the sample, when the histogram holds
 * no value at all (@fastify/under-pressure read that as an infinite delay, so a server whose
 * start blocked the loop for a second refused its first requests).
 */
export function registerLoadShedding(app: FastifyInstance): void {
  const limit = app.config.LOAD_SHED_MAX_DELAY_MS;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let overloaded = false;
  app.decorate('overloaded', () => overloaded);
  let tickedAt = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - tickedAt - SAMPLE_MS;
    tickedAt = now;
    const mean = histogram.mean / 1e6 - RESOLUTION_MS;
    overloaded = Math.max(Number.isNaN(mean) ? 0 : mean, late) > limit;
    histogram.reset();
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    histogram.disable();
  });
  app.addHook('onRequest', async (request) => {
    if (overloaded && request.url.startsWith('/api/')) {
      throw new HttpError(503, apiMessages.overloaded, { 'retry-after': '5' });
    }
  });
}
