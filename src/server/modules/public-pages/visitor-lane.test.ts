import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../abuse/abuse-limits.js';
import { buildVideo, callApi, signedInUser, type Caller } from '@server/testing/factories.js';
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
    const third = await counted('/api/home', { ...BR, authorization: `Bearer ${fan.token}` });
    expect([first.viaApp, second.viaApp, third.viaApp]).toEqual([true, false, true]);
    const left = [first, second, third].map((a) => Number(a.headers['x-ratelimit-remaining']));
    expect(left[1]).toBe(left[0]! - 1);
    expect(left[2]).toBe(left[1]! - 1);
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

  it('leaves signed-in readers, other origins, HEAD and ranges to the app', async () => {
    const path = `/api/videos/${videoId}`;
    await get(path, BR);
    for (const [headers, method] of [
      [{ authorization: `Bearer ${fan.token}` }, 'GET'],
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
