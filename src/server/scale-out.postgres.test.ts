import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { layoutRows } from './db/schema.js';
import { LIMITS } from './modules/abuse/abuse-limits.js';
import { buildTag, buildUser, buildVideo } from './testing/factories.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

// Two instances of the site on one PostgreSQL database and one Redis, each on its own port, as
// behind a load balancer: whichever answers, the visitor sees one site. Needs the Redis the
// README names (CI has it at this address).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let one: TestApp;
let two: TestApp;
let origins: [string, string];
beforeAll(async () => {
  const env = { RATE_LIMIT_SCALE: '1', REDIS_URL, TRUST_PROXY: 'true' };
  one = await createTestApp({ env });
  two = await createTestApp({ env, sameDatabaseAs: one });
  origins = [
    await one.app.listen({ port: 0, host: '127.0.0.1' }),
    await two.app.listen({ port: 0, host: '127.0.0.1' }),
  ];
});
afterAll(async () => {
  await two.close();
  await one.close();
});

// Redis outlives a test run: every run uses its own emails and addresses.
const run = randomBytes(4).toString('hex');
let address = 0;
const freshIp = () =>
  `10.${parseInt(run.slice(0, 2), 16)}.${parseInt(run.slice(2, 4), 16)}.${++address}`;

interface Answer {
  status: number;
  headers: Headers;
  body: { status: number; data: unknown; message: string } | null;
}

async function call(
  instance: 0 | 1,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
): Promise<Answer> {
  const response = await fetch(origins[instance] + path, {
    method,
    headers: {
      'x-forwarded-for': options.ip ?? freshIp(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Answer['body']) : null,
  };
}

async function signIn(instance: 0 | 1, email: string, password: string): Promise<string> {
  const res = await call(instance, 'POST', '/api/login', { body: { email, password } });
  expect(res.status).toBe(201);
  return String(res.headers.get('authorization')).replace(/^Bearer /, '');
}

const homeOf = async (instance: 0 | 1) => {
  const res = await call(instance, 'GET', '/api/home');
  expect(res.status).toBe(200);
  return { data: res.body!.data as HomeData, etag: res.headers.get('etag') };
};

describe('two instances on one database and one Redis', () => {
  it('share sessions: signed in on one, known on the other; logged out on one, out on both', async () => {
    const user = await buildUser(one.db, { email: `scale-${run}@example.com` });
    const token = await signIn(0, user.email, user.password);
    // Both instances have seen the session, so both keep it in memory (viewer-cache).
    for (const instance of [0, 1] as const) {
      expect((await call(instance, 'GET', `/api/users/${user.id}`, { token })).status).toBe(200);
    }
    expect((await call(1, 'POST', '/api/logout', { token })).status).toBeLessThan(300);
    await expect
      .poll(async () => (await call(0, 'GET', `/api/users/${user.id}`, { token })).status, {
        timeout: 1000,
        interval: 20,
      })
      .toBe(401);
  });

  it('share a viewer’s likes: liked on one, shown as liked on the other', async () => {
    const fan = await buildUser(one.db, { email: `liker-${run}@example.com` });
    const token = await signIn(0, fan.email, fan.password);
    const video = await buildVideo(one.db);
    const isLiked = async (instance: 0 | 1) => {
      const res = await call(instance, 'GET', `/api/videos/${video.id}`, { token });
      return (res.body!.data as { video: { isLiked: boolean } }).video.isLiked;
    };
    expect(await isLiked(0)).toBe(false);
    const like = await call(1, 'PUT', '/api/users/liked/add-video', {
      token,
      body: { userId: fan.id, episodeId: video.id },
    });
    expect(like.status).toBe(200);
    await expect.poll(() => isLiked(0), { timeout: 1000, interval: 20 }).toBe(true);
  });

  it('share the rate limits: failures spent on one count on the other', async () => {
    const user = await buildUser(one.db, { email: `limits-${run}@example.com` });
    for (let attempt = 1; attempt <= LIMITS.loginFailures.max; attempt++) {
      const res = await call(attempt % 2 === 0 ? 1 : 0, 'POST', '/api/login', {
        body: { email: user.email, password: 'Wrong-Pass-1' },
      });
      expect(res.status, `attempt ${attempt}`).toBe(401);
    }
    for (const instance of [0, 1] as const) {
      const res = await call(instance, 'POST', '/api/login', {
        body: { email: user.email, password: user.password },
      });
      expect(res.status).toBe(429);
    }
  });

  it('share the home page: a change made on one shows on the other at once', async () => {
    const first = await buildTag(one.db, `Scale First ${run}`);
    const second = await buildTag(one.db, `Scale Second ${run}`);
    const shown = await buildVideo(one.db, { tagIds: [first.id, second.id] });
    await one.db.delete(layoutRows);
    await one.db.insert(layoutRows).values({ position: 1, tagId: first.id });
    await one.app.pageCache.invalidate();
    // Both instances hold the page now, byte for byte the same.
    const [a, b] = [await homeOf(0), await homeOf(1)];
    expect(a.data.categories.map((row) => row.id)).toEqual([first.id]);
    expect(a.etag).toBe(b.etag);

    const admin = await buildUser(one.db, { email: `admin-${run}@example.com`, isAdmin: true });
    const adminToken = await signIn(0, admin.email, admin.password);
    const layout = await call(0, 'PUT', '/api/tags/featured', {
      token: adminToken,
      body: { id: [second.id, first.id] },
    });
    expect(layout.status).toBe(200);
    await expect
      .poll(async () => (await homeOf(1)).data.categories.map((row) => row.id), { timeout: 2000 })
      .toEqual([second.id, first.id]);

    // A like taken on the second instance changes the count the first one shows.
    const fan = await buildUser(one.db, { email: `fan-${run}@example.com` });
    const fanToken = await signIn(1, fan.email, fan.password);
    const likesBefore = (await homeOf(0)).data.categories[0]!.videos[0]!.like_count;
    const like = await call(1, 'PUT', '/api/users/liked/add-video', {
      token: fanToken,
      body: { userId: fan.id, episodeId: shown.id },
    });
    expect(like.status).toBe(200);
    await expect
      .poll(async () => (await homeOf(0)).data.categories[0]!.videos[0]!.like_count, {
        timeout: 2000,
      })
      .toBe(likesBefore + 1);
  });
});
