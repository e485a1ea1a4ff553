import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClientDir } from '../modules/seo/seo-test-client.js';
import { signedInUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let t: TestApp;
let client: ReturnType<typeof makeClientDir>;

beforeAll(async () => {
  client = makeClientDir();
  mkdirSync(join(client.dir, 'assets'));
  writeFileSync(join(client.dir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({
    env: { CLIENT_DIR: client.dir, RATE_LIMIT_SCALE: '1', IMAGE_HOSTS: 'img.example.com' },
  });
});
afterAll(async () => {
  await t.close();
  client.remove();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: string) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
  });

/** One request of every kind a client can cause: pages, files, API answers and API refusals. */
const CASES: [string, () => ReturnType<typeof inject>, number][] = [
  ['a page', () => inject('GET', '/about'), 200],
  ['a hashed asset', () => inject('GET', '/assets/app-1234.js'), 200],
  ['robots.txt', () => inject('GET', '/robots.txt'), 200],
  ['an API answer', () => inject('GET', '/api/home'), 200],
  ['an API 404', () => inject('GET', '/api/nothing-here'), 404],
  ['an API 401', () => inject('GET', '/api/users/1'), 401],
  ['bad JSON', () => inject('POST', '/api/login', '{"email":'), 400],
  ['a body over the limit', () => inject('POST', '/api/login', `"${'x'.repeat(70_000)}"`), 413],
  ['a malformed address', () => inject('GET', '/api/videos/%E0%A4%A'), 400],
  ['the health check', () => inject('GET', '/healthz'), 200],
];

describe('security headers', () => {
  it.each(CASES)('are on %s', async (_name, send, status) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['content-security-policy']).toMatch(/base-uri 'none'/);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('give pages the strict page policy: scripts and styles from self (and the player API script), YouTube frames, listed image hosts', async () => {
    const policy = String((await inject('GET', '/about')).headers['content-security-policy']);
    const directives = Object.fromEntries(
      policy.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self' https://www.youtube.com",
      'style-src': "'self'",
      'img-src': "'self' data: https://i.ytimg.com https://img.example.com",
      'frame-src': "'self' https://www.youtube-nocookie.com",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
    });
  });

  it('give API answers a policy that lets nothing load', async () => {
    const res = await inject('GET', '/api/home');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it('let a browser keep only what anyone may read, and revalidate it', async () => {
    const anonymous = await inject('GET', '/api/home');
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(String(anonymous.headers.vary)).toMatch(/authorization/);
    const { token } = await signedInUser(t.app);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/home',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    for (const refused of [
      await inject('GET', '/api/users/1'),
      await inject('GET', '/api/videos/999999'),
      await inject('POST', '/api/login', '{"email":"a@example.com","password":"x"}'),
    ]) {
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.headers['cache-control']).toBe('no-store');
    }
  });

  it('are on a 429 too', async () => {
    let last = await inject('POST', '/api/recovery/generate', '{"email":"a@example.com"}');
    for (let n = 0; n < 10 && last.statusCode !== 429; n++) {
      last = await inject('POST', '/api/recovery/generate', '{"email":"a@example.com"}');
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(last.headers['strict-transport-security']).toBeDefined();
  });
});
