import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import {
  buildUser,
  buildVideo,
  callApi,
  register,
  signedInUser,
} from '@server/testing/factories.js';
import { LIMITS } from './abuse-limits.js';
import { useTestApp } from '@server/testing/use-test-app.js';

// The limits as shipped: scale 1.
const { t } = useTestApp({ env: { RATE_LIMIT_SCALE: '1' } });

let address = 0;
/** Each test its own client address, so one test's counts never spill into the next. */
const freshIp = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

const loginAs = (email: string, password: string, ip: string) =>
  callApi(t.app, 'POST', '/api/login', { body: { email, password }, ip });

describe('login failures', () => {
  it('refuses the 11th attempt on an account within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const user = await buildUser(t.db);
    const max = LIMITS.loginFailures.max;
    for (let attempt = 1; attempt <= max; attempt++) {
      // Spread over addresses: the account's own count must stop it.
      const res = await loginAs(user.email, 'Wrong-Pass-1', freshIp());
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await loginAs(user.email, user.password, freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toEqual({ status: 429, data: null, message: apiMessages.tooManyAttempts });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LIMITS.loginFailures.windowMs / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.loginFailures.windowMs / 1000);
    console.info(`login: ${max} failures per account, then 429 (Retry-After ${retryAfter} s)`);
  });

  it('refuses an address after 10 failures across many accounts, unknown emails included', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= LIMITS.loginFailures.max; attempt++) {
      const res = await loginAs(`nobody-${attempt}@example.com`, 'Wrong-Pass-1', ip);
      expect(res.statusCode).toBe(401);
    }
    const user = await buildUser(t.db);
    expect((await loginAs(user.email, user.password, ip)).statusCode).toBe(429);
    expect((await loginAs(user.email, user.password, freshIp())).statusCode).toBe(201);
  });

  it('answers an unknown email and a wrong password alike until the limit', async () => {
    const user = await buildUser(t.db);
    const unknown = await loginAs('nobody-at-all@example.com', 'Wrong-Pass-1', freshIp());
    const wrong = await loginAs(user.email, 'Wrong-Pass-1', freshIp());
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.statusCode).toBe(wrong.statusCode);
  });

  it('a success forgets the account’s failures', async () => {
    const user = await buildUser(t.db);
    for (let attempt = 1; attempt < LIMITS.loginFailures.max; attempt++) {
      await loginAs(user.email, 'Wrong-Pass-1', freshIp());
    }
    expect((await loginAs(user.email, user.password, freshIp())).statusCode).toBe(201);
    for (let attempt = 1; attempt < LIMITS.loginFailures.max; attempt++) {
      expect((await loginAs(user.email, 'Wrong-Pass-1', freshIp())).statusCode).toBe(401);
    }
  });
});

describe('recovery failures', () => {
  it('refuses validate and reset after 10 wrong codes for an account within the hour', async () => {
    const user = await buildUser(t.db);
    for (let attempt = 1; attempt <= LIMITS.recoveryFailures.max; attempt++) {
      const res = await callApi(t.app, 'POST', '/api/recovery/validate', {
        body: { email: user.email, recoveryCode: 'AAAAA-AAAAA' },
        ip: freshIp(),
      });
      expect(res.statusCode).toBe(400);
    }
    const validate = await callApi(t.app, 'POST', '/api/recovery/validate', {
      body: { email: user.email, recoveryCode: 'AAAAA-AAAAA' },
      ip: freshIp(),
    });
    const reset = await callApi(t.app, 'POST', '/api/recovery/reset', {
      body: { email: user.email, recoveryCode: 'AAAAA-AAAAA', password: 'Brand-New-Pass1' },
      ip: freshIp(),
    });
    for (const res of [validate, reset]) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    }
    // With 5 tries per code and 10 wrong codes an hour, a guess at a 50-bit code succeeds with
    // probability at most 10 / 2^50 an hour.
    const chance = LIMITS.recoveryFailures.max / 2 ** 50;
    expect(chance).toBeLessThan(1e-6);
    console.info(
      `recovery: chance of guessing a code within the limits ${chance.toExponential(2)} per hour`,
    );
  });

  it('limits recovery mails per address', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= LIMITS.recoveryGenerate.max; attempt++) {
      const res = await callApi(t.app, 'POST', '/api/recovery/generate', {
        body: { email: `someone-${attempt}@example.com` },
        ip,
      });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await callApi(t.app, 'POST', '/api/recovery/generate', {
      body: { email: 'one-more@example.com' },
      ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.message).toBe(apiMessages.tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-ups and the general limit', () => {
  const signUp = (n: number, ip: string) =>
    register(t.app, { email: `sweep-${n}-${ip}@example.com` }, ip);

  it('limits sign-ups per address, so nobody sweeps emails through register', async () => {
    const ip = freshIp();
    for (let n = 1; n <= LIMITS.register.max; n++) {
      expect((await signUp(n, ip)).statusCode).toBe(201);
    }
    const blocked = await signUp(999, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('counts each route’s own limit apart: sign-ups leave an address its recovery mails', async () => {
    const ip = freshIp();
    for (let n = 1; n <= LIMITS.register.max; n++) {
      expect((await signUp(n, ip)).statusCode).toBe(201);
    }
    const mail = await callApi(t.app, 'POST', '/api/recovery/generate', {
      body: { email: `after-sign-ups@example.com` },
      ip,
    });
    expect(mail.statusCode).toBe(200);
    expect(mail.headers['x-ratelimit-remaining']).toBe(String(LIMITS.recoveryGenerate.max - 1));
  });

  it('limits every request per address, refused ones included', async () => {
    const ip = freshIp();
    let refused = 0;
    for (let n = 1; n <= LIMITS.general.max; n++) {
      // A visitor calling a signed-in route: every answer is a 401, and each one counts.
      const res = await callApi(t.app, 'GET', '/api/users/1', { ip });
      if (res.statusCode === 401) refused += 1;
    }
    expect(refused).toBe(LIMITS.general.max);
    const blocked = await callApi(t.app, 'GET', '/api/home', { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toEqual({ status: 429, data: null, message: apiMessages.tooManyRequests });
    expect((await callApi(t.app, 'GET', '/api/home', { ip: freshIp() })).statusCode).toBe(200);
  });

  it('counts unknown API paths under the limit, and refuses them past it', async () => {
    const ip = freshIp();
    for (let n = 1; n < LIMITS.general.max; n++) await t.app.abuse.general.count(ip);
    const last = await callApi(t.app, 'GET', '/api/no-such-thing', { ip });
    expect(last.statusCode).toBe(404);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const over = await callApi(t.app, 'GET', '/api/no-such-thing', { ip });
    expect(over.statusCode).toBe(429);
    expect(over.body).toEqual({ status: 429, data: null, message: apiMessages.tooManyRequests });
    // A page the site does not know is no API call: never counted.
    const page = await t.app.inject({ method: 'GET', url: '/no-such-page', remoteAddress: ip });
    expect(page.statusCode).not.toBe(429);
  });

  it('refuses an address at the limit before looking up a token it sends', async () => {
    const ip = freshIp();
    for (let n = 1; n <= LIMITS.general.max; n++) await t.app.abuse.general.count(ip);
    const lookups = vi.spyOn(t.app.viewerCache, 'session');
    try {
      const token = randomBytes(32).toString('base64url');
      const flooded = await callApi(t.app, 'GET', '/api/users/1', { ip, token });
      expect(flooded.statusCode).toBe(429);
      expect(flooded.body).toEqual({
        status: 429,
        data: null,
        message: apiMessages.tooManyRequests,
      });
      expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
      expect(lookups).not.toHaveBeenCalled();
      // Another address with the same token is looked up, and told its session is gone.
      const other = await callApi(t.app, 'GET', '/api/users/1', { ip: freshIp(), token });
      expect(other.statusCode).toBe(401);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('looks a fan’s token up until the address’s last allowed request', async () => {
    const ip = freshIp();
    const fan = await signedInUser(t.app);
    for (let n = 1; n < LIMITS.general.max; n++) await t.app.abuse.general.count(ip);
    const lookups = vi.spyOn(t.app.viewerCache, 'session');
    try {
      const last = await callApi(t.app, 'GET', `/api/users/${fan.id}`, { ip, token: fan.token });
      expect(last.statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
    const over = await callApi(t.app, 'GET', `/api/users/${fan.id}`, { ip, token: fan.token });
    expect(over.statusCode).toBe(429);
  });

  it('leaves a route with a limit of its own to that limit: a fan’s report is taken', async () => {
    const ip = freshIp();
    const fan = await signedInUser(t.app);
    const video = await buildVideo(t.db);
    for (let n = 1; n <= LIMITS.general.max; n++) await t.app.abuse.general.count(ip);
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/videos/${video.id}/progress`,
      remoteAddress: ip,
      headers: { authorization: `Bearer ${fan.token}` },
      payload: { position: 12, duration: 600, played: 12, total_played: 12 },
    });
    expect(report.statusCode).toBe(202);
  });
});
