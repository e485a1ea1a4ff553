import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { watchingMessages } from '@shared/messages/watching.js';
import { queryRows } from '@server/db/query-rows.js';
import { LIMITS } from '../abuse/abuse-limits.js';
import { buildVideo, signedInAdmin, signedInUser, type Caller } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';

/**
 * The report lane takes signed-in fans' progress reports before Fastify. Through a real socket
 * (inject never reaches it), its answers must be the app's: the same status, words and headers,
 * the same count under the route's limit, the same rows written, and every report it cannot
 * answer so handed to the app, body and all.
 */
let t: TestApp;
let origin = '';
let videoId: number;
let privateId: number;
/** Requests that reached Fastify's hooks; the lane's answers do not. */
let throughApp = 0;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: { status: number; data: unknown; message: string };
  viaApp: boolean;
}

function post(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const before = throughApp;
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(Buffer.concat(chunks).toString()) as Answer['body'],
          viaApp: throughApp > before,
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const asJson = (token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

const playing = (position: number) =>
  JSON.stringify({ position, duration: 600, played: 12, total_played: position });

const report = (caller: Caller | null, body: string, id = videoId, extra = {}) =>
  post(`/api/videos/${id}/progress`, body, { ...asJson(caller?.token), ...extra });

async function resumePoint(userId: number, id: number) {
  await t.app.watching.batch.flush();
  const [row] = await queryRows<{ position: number }>(
    t.db,
    sql`SELECT position FROM watch_progress WHERE user_id = ${userId} AND video_id = ${id}`,
  );
  return row?.position;
}

/** Headers two answers share by design: not the request id, the date, the count's or the socket's. */
const PER_ANSWER = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'content-length',
]);
const sameForEveryone = (headers: IncomingHttpHeaders | OutgoingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

/** An origin CORS lets read the answers (CORS_ORIGINS). */
const ALLOWED = 'https://app.twang.test';

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SCALE: '1', CORS_ORIGINS: ALLOWED },
    beforeApiRoutes: (app) =>
      app.addHook('onRequest', async () => {
        throughApp += 1;
      }),
  });
  videoId = (await buildVideo(t.db, { title: 'Lane Reel' })).id;
  privateId = (await buildVideo(t.db, { title: 'Lane Secret', isPublic: false })).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The lane learns the answer's headers from the app's first answer to a fan's report.
  const first = await report(await signedInUser(t.app), playing(30));
  expect(first).toMatchObject({ status: 202, viaApp: true });
});

afterAll(async () => {
  await t.close();
});

describe('a signed-in fan’s reports in the lane', () => {
  it('answers as the app does, and writes the same resume point', async () => {
    const fan = await signedInUser(t.app);
    // An origin not seen yet: the app answers, and the lane learns that origin's headers.
    const viaApp = await report(fan, playing(42), videoId, { origin: 'https://first.test' });
    const inLane = await report(fan, playing(54));
    expect(viaApp.viaApp).toBe(true);
    expect(inLane.viaApp).toBe(false);
    expect(inLane.status).toBe(202);
    expect(inLane.body).toEqual({
      status: 202,
      data: { position: 54, finished: false },
      message: watchingMessages.progressSaved,
    });
    const plain = await (async () => {
      const other = await signedInUser(t.app);
      return t.app.inject({
        method: 'POST',
        url: `/api/videos/${videoId}/progress`,
        headers: asJson(other.token),
        payload: playing(54),
      });
    })();
    expect(sameForEveryone(inLane.headers)).toEqual(sameForEveryone(plain.headers));
    expect(Number(inLane.headers['content-length'])).toBe(
      Buffer.byteLength(JSON.stringify(inLane.body)),
    );
    expect(await resumePoint(fan.id, videoId)).toBe(54);
  });

  it('gives an allowed origin its own CORS headers, as the app does', async () => {
    const site = { origin: ALLOWED };
    const first = await report(await signedInUser(t.app), playing(30), videoId, site);
    const second = await report(await signedInUser(t.app), playing(31), videoId, site);
    const bare = await report(await signedInUser(t.app), playing(32));
    expect(first).toMatchObject({ status: 202, viaApp: true });
    expect(second).toMatchObject({ status: 202, viaApp: false });
    expect(bare.viaApp).toBe(false);
    expect(first.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(sameForEveryone(second.headers)).toEqual(sameForEveryone(first.headers));
    expect(bare.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('counts under the route’s limit with the app, and leaves the refusal to it', async () => {
    const fan = await signedInUser(t.app);
    const max = LIMITS.progressReports.max;
    const answers: Answer[] = [];
    // The first through the app (another origin), then the lane: one counter for both.
    answers.push(await report(fan, playing(30), videoId, { origin: 'https://limit.test' }));
    for (let step = 2; step <= max; step++) answers.push(await report(fan, playing(30 + step)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(max).fill(202));
    expect(answers.slice(1).every((answer) => !answer.viaApp)).toBe(true);
    expect(answers.map((answer) => Number(answer.headers['x-ratelimit-remaining']))).toEqual(
      Array.from({ length: max }, (_, k) => max - 1 - k),
    );
    expect(answers.every((answer) => answer.headers['x-ratelimit-limit'] === String(max))).toBe(
      true,
    );
    const refused = await report(fan, playing(99));
    expect(refused).toMatchObject({ status: 429, viaApp: true });
    expect(refused.body.message).toBe(apiMessages.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused report wrote nothing: the last accepted one is the resume point.
    expect(await resumePoint(fan.id, videoId)).toBe(30 + max);
  });

  it('hands every report it cannot answer to the app, body and all', async () => {
    const cases: { body: string; message: string | RegExp }[] = [
      {
        body: JSON.stringify({ position: 700, duration: 600, played: 12, total_played: 40 }),
        message: watchingMessages.positionPastEnd,
      },
      {
        body: JSON.stringify({ position: 40, duration: 600, played: 50, total_played: 40 }),
        message: watchingMessages.playedOverTotal,
      },
      { body: '{"position": 40, "duration": 600,', message: /JSON/i },
      {
        body: JSON.stringify({ position: -1, duration: 600, played: 12, total_played: 40 }),
        message: /position must be 0 or more/,
      },
      {
        body: JSON.stringify({ position: 1, duration: 600, played: 1, total_played: 1, x: 'é' }),
        message: /x/,
      },
      {
        body: '{"position":1,"duration":600,"played":1,"total_played":1,"n":"\\u0000"}',
        message: /./,
      },
    ];
    for (const { body, message } of cases) {
      const fan = await signedInUser(t.app);
      const answer = await report(fan, body);
      expect(answer.viaApp, body).toBe(true);
      expect(answer.status, body).toBe(400);
      expect(answer.body.message, body).toMatch(message);
      // The app's own words for the same bytes sent straight to it.
      const direct = await t.app.inject({
        method: 'POST',
        url: `/api/videos/${videoId}/progress`,
        headers: asJson(fan.token),
        payload: body,
      });
      expect(answer.body.message).toBe(direct.json<Answer['body']>().message);
      expect(await resumePoint(fan.id, videoId)).toBeUndefined();
    }
  });

  it('leaves private and unknown videos, administrators, visitors and stale tokens to the app', async () => {
    const fan = await signedInUser(t.app);
    const admin = await signedInAdmin(t.app);
    const hidden = await report(fan, playing(40), privateId);
    expect(hidden).toMatchObject({ status: 404, viaApp: true });
    expect(hidden.body.message).toBe(apiMessages.videoNotFound);
    expect(await report(fan, playing(40), 999_999_999)).toMatchObject({
      status: 404,
      viaApp: true,
    });
    // An administrator may report a private video: the app knows it.
    expect(await report(admin, playing(40), privateId)).toMatchObject({
      status: 202,
      viaApp: true,
    });
    expect(await resumePoint(admin.id, privateId)).toBe(40);
    expect(await report(null, playing(40))).toMatchObject({ status: 202, viaApp: true });
    const stale = { ...fan, token: 'x'.repeat(43) };
    expect(await report(stale, playing(40))).toMatchObject({ status: 202, viaApp: true });
    // Another content type, and a body in chunks, are the app's to read.
    expect(await report(fan, playing(40), videoId, { 'content-type': 'text/plain' })).toMatchObject(
      { viaApp: true },
    );
    expect(
      await report(fan, playing(41), videoId, { 'transfer-encoding': 'chunked' }),
    ).toMatchObject({ status: 202, viaApp: true });
    expect(await resumePoint(fan.id, videoId)).toBe(41);
  });
});
