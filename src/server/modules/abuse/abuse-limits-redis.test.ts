import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, callApi } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { LIMITS } from './abuse-limits.js';

// Two instances of the site on one Redis behave as one site: a limit spent on one holds on the
// other. Needs the Redis the README names (CI has it at this address).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  const env = { RATE_LIMIT_SCALE: '1', REDIS_URL };
  [one, two] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
});
afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
});

// Redis outlives a test run: every run uses its own emails and addresses.
const run = randomBytes(4).toString('hex');
let address = 0;
const freshIp = () =>
  `10.${parseInt(run.slice(0, 2), 16)}.${parseInt(run.slice(2, 4), 16)}.${++address}`;

describe('limits shared through Redis by two instances', () => {
  it('counts login failures on both instances together', async () => {
    // The same account exists in both databases (each test app has its own).
    const email = `redis-${run}@example.com`;
    await buildUser(one.db, { email });
    await buildUser(two.db, { email });
    for (let attempt = 1; attempt <= LIMITS.loginFailures.max; attempt++) {
      const app = attempt % 2 === 0 ? two.app : one.app;
      const res = await callApi(app, 'POST', '/api/login', {
        body: { email, password: 'Wrong-Pass-1' },
        ip: freshIp(),
      });
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    for (const app of [one.app, two.app]) {
      const res = await callApi(app, 'POST', '/api/login', {
        body: { email, password: 'Wrong-Pass-1' },
        ip: freshIp(),
      });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('counts wrong recovery codes on both instances together', async () => {
    const email = `redis-recovery-${run}@example.com`;
    await buildUser(one.db, { email });
    await buildUser(two.db, { email });
    const validate = (app: TestApp['app']) =>
      callApi(app, 'POST', '/api/recovery/validate', {
        body: { email, recoveryCode: 'AAAAA-AAAAA' },
        ip: freshIp(),
      });
    for (let attempt = 1; attempt <= LIMITS.recoveryFailures.max; attempt++) {
      expect((await validate(attempt % 2 === 0 ? two.app : one.app)).statusCode).toBe(400);
    }
    expect((await validate(one.app)).statusCode).toBe(429);
    expect((await validate(two.app)).statusCode).toBe(429);
  });

  it('counts requests per address on both instances together', async () => {
    const ip = freshIp();
    const half = LIMITS.general.max / 2;
    for (let n = 0; n < half; n++) {
      await callApi(one.app, 'GET', '/api/users/1', { ip });
      await callApi(two.app, 'GET', '/api/users/1', { ip });
    }
    expect((await callApi(one.app, 'GET', '/api/users/1', { ip })).statusCode).toBe(429);
    expect((await callApi(two.app, 'GET', '/api/users/1', { ip })).statusCode).toBe(429);
  });
});
