import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../abuse/abuse-limits.js';
import {
  buildTag,
  buildVideo,
  callApi,
  signedInAdmin,
  signedInUser,
  type Caller,
} from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';

/**
 * The visitor lane answers repeat reads of cached pages before Fastify. Through a real socket
 * (inject never reaches it), its answers must be the app's answers: same status, bytes and
 * headers, the same per-address count, and never a page the app would not give.
 */
let t: TestApp;
let origin = '';
let fan: Caller;
let videoId: number;
/** Requests that reached Fastify's hooks; the lane's answers do not. */
let throughApp = 0;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** A request's answer, and whether it went through the app. */
async function counted(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = throughApp;
  const answer = await get(path, headers, method);
  return { ...answer, viaApp: throughApp > before };
}

/**
 * The headers every visitor gets alike: not the request id, the date or the remaining count,
 * nor the length, since a page's compressed bytes are remade better after a few sends
 * (page-encodings.ts).
 */
/** Headers that differ between two answers by design (the reset counts down the window's seconds). */
const PER_ANSWER = new Set([
  'date',
  'x-request-id',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'content-length',
]);

/** Both answers name the same rate-limit window: their resets a second apart at most. */
function expectSameWindow(a: IncomingHttpHeaders, b: IncomingHttpHeaders) {
  const [first, second] = [a, b].map((headers) => Number(headers['x-ratelimit-reset']));
  expect(first).toBeGreaterThan(0);
  expect(Math.abs(first! - second!)).toBeLessThanOrEqual(1);
}

/** The body as the client reads it, whatever the encoding it came in. */
function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}
function sameForEveryone(headers: IncomingHttpHeaders) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));
}

const BR = { 'accept-encoding': 'br, gzip' };

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SCALE: '1' },
    beforeApiRoutes: (app) =>
      app.addHook('onRequest', async () => {
        throughApp += 1;
      }),
  });
  fan = await signedInUser(t.app);
  videoId = (await buildVideo(t.db, { title: 'Lane Song' })).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
});

describe('signed-in fans in the lane', () => {
  const as = (caller: Caller) => ({ ...BR, authorization: `Bearer ${caller.token}` });
  const likedIds = (answer: Answer) => {
    const { data } = JSON.parse(decoded(answer)) as {
      data: { video: { id: number; isLiked: boolean }; suggestedVideos: { isLiked: boolean }[] };
    };
    return [data.video, ...data.suggestedVideos].filter((video) => video.isLiked).length;
  };
  const like = async (caller: Caller, episodeId: number) => {
    const answer = await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: caller.token,
      body: { userId: caller.id, episodeId },
    });
    expect(answer.statusCode).toBe(200);
  };

  it('answers a fan’s repeat read with the app’s bytes and headers, their likes marked', async () => {
    const liker = await signedInUser(t.app);
    const path = `/api/videos/${(await buildVideo(t.db, { title: 'Fan Lane Song' })).id}`;
    await like(liker, Number(path.split('/').pop()));
    const first = await counted(path, as(liker));
    const second = await counted(path, as(liker));
    expect([first.viaApp, second.viaApp]).toEqual([true, false]);
    expect(second.status).toBe(200);
    expect(decoded(second)).toBe(decoded(first));
    expect(likedIds(second)).toBe(1);
    expect(sameForEveryone(second.headers)).toEqual(sameForEveryone(first.headers));
    expect(second.headers['cache-control']).toBe('no-store');
    expectSameWindow(first.headers, second.headers);
    // Another fan, who likes nothing here, gets their own answer from the lane once known.
    const other = await signedInUser(t.app);
    await get(`/api/home`, as(other));
    const theirs = await counted(path, as(other));
    expect(theirs.viaApp).toBe(false);
    expect(likedIds(theirs)).toBe(0);
    // A visitor at the same address still gets the visitors' page, never a fan's.
    await get(path, BR);
    const visitor = await counted(path, BR);
    expect(visitor.viaApp).toBe(false);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(decoded(visitor)).not.toContain('"isLiked":true');
  });

  it('leaves a fan whose likes make a page’s 17th variant to the app, and learns nothing from it', async () => {
    // A category of 17 videos; each fan likes a different one, so each needs a variant.
    const tag = await buildTag(t.db);
    const path = `/api/tag/${tag.id}`;
    const fans: Caller[] = [];
    for (let n = 0; n < 17; n++) {
      const liker = await signedInUser(t.app);
      await like(liker, (await buildVideo(t.db, { tagIds: [tag.id] })).id);
      fans.push(liker);
    }
    for (const liker of fans.slice(0, 16)) await get(path, as(liker));
    const last = fans[16]!;
    const unkept = await counted(path, as(last));
    const unkeptAgain = await counted(path, as(last));
    expect([unkept.viaApp, unkeptAgain.viaApp]).toEqual([true, true]);
    expect(decoded(unkeptAgain).match(/"isLiked":true/g)).toHaveLength(1);
    // A kept variant still answers from the lane, with the headers of a kept variant's answer.
    const kept = await counted(path, as(fans[0]!));
    expect(kept.viaApp).toBe(false);
    expect(kept.headers.vary).toBe('accept-encoding');
  });

  it('answers 304 as the app does when the fan holds the bytes', async () => {
    const path = `/api/videos/${(await buildVideo(t.db)).id}`;
    const page = await get(path, as(fan));
    const etag = String(page.headers.etag);
    const fromApp = await counted(`${path}/`, { ...as(fan), 'if-none-match': etag });
    const fromLane = await counted(path, { ...as(fan), 'if-none-match': etag });
    expect([fromApp.viaApp, fromApp.status]).toEqual([true, 304]);
    expect([fromLane.viaApp, fromLane.status]).toEqual([false, 304]);
    expect(fromLane.body.length).toBe(0);
    expect(sameForEveryone(fromLane.headers)).toEqual(sameForEveryone(fromApp.headers));
  });

  it('sends a fan who just liked something to the app, whose answer shows the like', async () => {
    const liker = await signedInUser(t.app);
    const id = (await buildVideo(t.db)).id;
    const path = `/api/videos/${id}`;
    await get(path, as(liker));
    expect((await counted(path, as(liker))).viaApp).toBe(false);
    await like(liker, id);
    const after = await counted(path, as(liker));
    expect(after.viaApp).toBe(true);
    expect(likedIds(after)).toBe(1);
    const again = await counted(path, as(liker));
    expect(again.viaApp).toBe(false);
    expect(likedIds(again)).toBe(1);
  });

  it('never answers a token whose session ended: the app reads it as a visitor', async () => {
    const leaving = await signedInUser(t.app);
    const path = `/api/videos/${videoId}`;
    await get(path, as(leaving));
    expect((await counted(path, as(leaving))).viaApp).toBe(false);
    const out = await callApi(t.app, 'POST', '/api/logout', { token: leaving.token });
    expect(out.statusCode).toBe(200);
    const after = await counted(path, as(leaving));
    expect(after.viaApp).toBe(true);
    expect(after.headers['cache-control']).toBe('no-cache');
  });

  it('leaves administrators, unknown tokens and other origins to the app', async () => {
    const admin = await signedInAdmin(t.app);
    const path = `/api/videos/${videoId}`;
    await get(path, as(fan));
    // The home page is the same for administrators: reading it keeps their session and likes.
    await get('/api/home', as(admin));
    for (const headers of [
      as(admin),
      as(admin),
      { ...BR, authorization: `Bearer ${'x'.repeat(43)}` },
      { ...BR, authorization: 'Basic Zm9vOmJhcg==' },
      { ...as(fan), origin: 'https://elsewhere.example' },
    ]) {
      expect((await counted(path, headers)).viaApp).toBe(true);
    }
  });
});

describe('the visitor lane', () => {
  it('answers a repeat read with the app’s status, bytes and headers, without the app', async () => {
    for (const headers of [BR, { 'accept-encoding': 'gzip' }, {}]) {
      // A page of its own per encoding, so the first read of each is the app's.
      const path = `/api/videos/${(await buildVideo(t.db)).id}`;
      const first = await counted(path, headers);
      const second = await counted(path, headers);
      expect(first.viaApp).toBe(true);
      expect(second.viaApp).toBe(false);
      expect(second.status).toBe(200);
      expect(second.headers['content-encoding']).toBe(first.headers['content-encoding']);
      expect(decoded(second)).toBe(decoded(first));
      expect(sameForEveryone(second.headers)).toEqual(sameForEveryone(first.headers));
      expectSameWindow(first.headers, second.headers);
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    }
  });

  it('counts each address once per request, in the same count as the app', async () => {
    const first = await counted('/api/home', BR);
    const second = await counted('/api/home', BR);
    // A fan not yet known here goes through the app, and then takes the lane: one count each.
    const newcomer = { ...BR, authorization: `Bearer ${(await signedInUser(t.app)).token}` };
    const third = await counted('/api/home', newcomer);
    const fourth = await counted('/api/home', newcomer);
    const answers = [first, second, third, fourth];
    expect(answers.map((a) => a.viaApp)).toEqual([true, false, true, false]);
    const left = answers.map((a) => Number(a.headers['x-ratelimit-remaining']));
    // Signing the newcomer in counted once too.
    expect(left).toEqual([left[0], left[0]! - 1, left[0]! - 3, left[0]! - 4]);
  });

  it('answers 304 as the app does when the visitor holds the bytes', async () => {
    const page = await get('/api/home', BR);
    const etag = String(page.headers.etag);
    // The same route by another address the lane has not learnt: the app's own 304.
    const fromApp = await counted('/api/home/', { ...BR, 'if-none-match': etag });
    const fromLane = await counted('/api/home', { ...BR, 'if-none-match': etag });
    expect(fromApp.viaApp).toBe(true);
    expect(fromLane.viaApp).toBe(false);
    expect(fromLane.status).toBe(304);
    expect(fromLane.body.length).toBe(0);
    expect(sameForEveryone(fromLane.headers)).toEqual(sameForEveryone(fromApp.headers));
    expectSameWindow(fromApp.headers, fromLane.headers);
  });

  it('never learns a 304: the next plain read of that address gets the page', async () => {
    const path = `/api/videos/${(await buildVideo(t.db)).id}`;
    // Another address of the same page: its ETag, to revalidate the first read of `path` with.
    const etag = String((await get(`${path}/`, BR)).headers.etag);
    const revalidated = await counted(path, { ...BR, 'if-none-match': etag });
    expect([revalidated.viaApp, revalidated.status]).toEqual([true, 304]);
    const plain = await get(path, BR);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(0);
  });

  it('leaves other origins, HEAD and ranges to the app', async () => {
    const path = `/api/videos/${videoId}`;
    await get(path, BR);
    for (const [headers, method] of [
      [{ origin: 'https://elsewhere.example' }, 'GET'],
      [{}, 'HEAD'],
      [{ range: 'bytes=0-10' }, 'GET'],
    ] as const) {
      expect((await counted(path, { ...BR, ...headers }, method)).viaApp).toBe(true);
    }
  });

  it('never answers with a page a change has dropped: the next read is the app’s, with the change', async () => {
    const path = `/api/videos/${videoId}`;
    await get(path);
    const likeCount = (answer: Answer) =>
      (JSON.parse(answer.body.toString()) as { data: { video: { like_count: number } } }).data.video
        .like_count;
    const before = await counted(path);
    expect(before.viaApp).toBe(false);
    const liked = await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: fan.token,
      body: { userId: fan.id, episodeId: videoId },
    });
    expect(liked.statusCode).toBe(200);
    const after = await counted(path);
    expect(after.viaApp).toBe(true);
    expect(likeCount(after)).toBe(likeCount(before) + 1);
    expect((await counted(path)).viaApp).toBe(false);
  });

  it('never learns a refusal: a missing video stays the app’s 404', async () => {
    const first = await counted('/api/videos/999999');
    const second = await counted('/api/videos/999999');
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(second.viaApp).toBe(true);
  });

  it('hands an address over its limit to the app, which refuses it with 429', async () => {
    await get('/api/home');
    const left = Number((await get('/api/home')).headers['x-ratelimit-remaining']);
    expect(left).toBeLessThan(LIMITS.general.max);
    for (let n = 0; n < left; n++) expect((await get('/api/home')).status).toBe(200);
    const refused = await counted('/api/home');
    expect(refused.status).toBe(429);
    expect(refused.viaApp).toBe(true);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the visitor lane behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  let proxiedOrigin = '';

  beforeAll(async () => {
    proxied = await createTestApp({ env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'true' } });
    await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    proxiedOrigin = `http://127.0.0.1:${(proxied.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await proxied.close();
  });

  it('counts each forwarded client apart, as the app does', async () => {
    const left = async (client: string) => {
      const response = await fetch(`${proxiedOrigin}/api/home`, {
        headers: { 'x-forwarded-for': `${client}, 10.0.0.1` },
      });
      return Number(response.headers.get('x-ratelimit-remaining'));
    };
    const max = LIMITS.general.max;
    // The first read goes through the app; the others are the lane's.
    expect(await left('203.0.113.7')).toBe(max - 1);
    expect(await left('203.0.113.8')).toBe(max - 1);
    expect(await left('203.0.113.7')).toBe(max - 2);
    expect(await left('203.0.113.8')).toBe(max - 2);
  });
});
