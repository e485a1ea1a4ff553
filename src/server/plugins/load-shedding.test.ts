import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { useTestApp } from '../testing/use-test-app.js';

const { t } = useTestApp({ env: { LOAD_SHED_MAX_DELAY_MS: '50' } });

/** Keeps the event loop busy, as a burst of CPU work would. */
function blockFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

describe('load shedding', () => {
  it('answers API requests 503 with Retry-After while the event loop lags, then serves again', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).statusCode).toBe(200);
    // One long stall spans a sampling tick: the sampler, running right after, sees the lag.
    blockFor(1300);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const shed = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toEqual({ status: 503, data: null, message: apiMessages.overloaded });
    // The health check still answers, so the load balancer can tell.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/home' })).statusCode, {
        timeout: 5000,
        interval: 300,
      })
      .toBe(200);
  }, 20_000);
});
