import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { watchingMessages } from '@shared/messages/watching.js';
import { queryRows } from '@server/db/query-rows.js';
import { buildVideo, callApi, signedInAdmin, signedInUser } from '@server/testing/factories.js';
import { createTestApp } from '@server/testing/test-app.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { createViewKeys } from './view-keys.js';

const { t, fan } = useTestApp({ signIn: { fan: 'user' } });

interface Report {
  position: number;
  duration: number;
  played: number;
  total_played: number;
}

let address = 0;
const freshIp = () => `198.51.100.${++address}`;

/** One report as a browser sends it: from an address and user agent, signed in or not. */
async function report(
  videoId: number | string,
  body: unknown,
  from: { token?: string; ip?: string; agent?: string } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/progress`,
    remoteAddress: from.ip ?? '203.0.113.9',
    headers: {
      'user-agent': from.agent ?? 'TestBrowser/1.0',
      ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
    },
    payload: body as Report,
  });
  return { status: response.statusCode, body: response.json<{ data: unknown; message: string }>() };
}

const flush = () => t.app.watching.batch.flush();

async function counts(videoId: number) {
  const [row] = await queryRows<{
    view_count: number;
    views: number;
    seconds: number;
    finishes: number;
  }>(
    t.db,
    sql`SELECT v.view_count::int AS view_count,
          coalesce((SELECT sum(views)::int FROM video_daily_stats WHERE video_id = v.id), 0) AS views,
          coalesce((SELECT sum(seconds_watched)::int FROM video_daily_stats WHERE video_id = v.id), 0) AS seconds,
          coalesce((SELECT sum(finishes)::int FROM video_daily_stats WHERE video_id = v.id), 0) AS finishes
        FROM videos v WHERE v.id = ${videoId}`,
  );
  return row!;
}

const playing = (position: number, played: number, total: number, duration = 600): Report => ({
  position,
  duration,
  played,
  total_played: total,
});

describe('POST /api/videos/{id}/progress: views', () => {
  it('counts a view once playback reaches 30 seconds, and once only for that page view', async () => {
    const video = await buildVideo(t.db);
    const from = { ip: freshIp() };
    const early = await report(video.id, playing(15, 15, 15), from);
    expect(early).toEqual({
      status: 202,
      body: {
        status: 202,
        data: { position: 15, finished: false },
        message: watchingMessages.progressSaved,
      },
    });
    await flush();
    expect(await counts(video.id)).toMatchObject({ view_count: 0, views: 0, seconds: 15 });

    expect((await report(video.id, playing(29, 14, 29), from)).status).toBe(202);
    await flush();
    expect((await counts(video.id)).view_count).toBe(0);

    expect((await report(video.id, playing(31, 2, 31), from)).status).toBe(202);
    await flush();
    expect(await counts(video.id)).toMatchObject({ view_count: 1, views: 1, seconds: 31 });

    // Later reports of the same page view, and a second page view soon after, add no view.
    await report(video.id, playing(45, 14, 45), from);
    await report(video.id, playing(60, 60, 60), from);
    await flush();
    expect(await counts(video.id)).toMatchObject({ view_count: 1, views: 1, seconds: 105 });
  });

  it('counts half of a video shorter than a minute', async () => {
    const video = await buildVideo(t.db);
    const from = { ip: freshIp() };
    await report(video.id, playing(19, 19, 19, 40), from);
    await flush();
    expect((await counts(video.id)).view_count).toBe(0);
    await report(video.id, playing(20, 1, 20, 40), from);
    await flush();
    expect((await counts(video.id)).view_count).toBe(1);
  });

  it('counts the same viewer once per 6 hours, and other viewers apart', async () => {
    const video = await buildVideo(t.db);
    const ip = freshIp();
    await report(video.id, playing(40, 40, 40), { ip });
    await flush();
    await report(video.id, playing(40, 40, 40), { ip });
    // Same address, another browser: another visitor.
    await report(video.id, playing(40, 40, 40), { ip, agent: 'OtherBrowser/2.0' });
    await report(video.id, playing(40, 40, 40), { token: fan.token, ip });
    await report(video.id, playing(50, 10, 50), { token: fan.token, ip: freshIp() });
    await flush();
    expect((await counts(video.id)).view_count).toBe(3);

    // Six hours on, the first visitor counts again.
    await t.db.execute(
      sql`UPDATE view_marks SET counted_at = now() - interval '6 hours 1 minute' WHERE video_id = ${video.id}`,
    );
    await report(video.id, playing(40, 40, 40), { ip });
    await flush();
    expect(await counts(video.id)).toMatchObject({ view_count: 4, views: 4 });
  });

  it('counts a finish once: when playback crosses 90%, not on the reports after it', async () => {
    const video = await buildVideo(t.db);
    const from = { ip: freshIp() };
    const end = await report(video.id, playing(545, 10, 120), from);
    expect(end.body.data).toEqual({ position: 545, finished: true });
    await report(video.id, playing(600, 55, 175), from);
    await report(video.id, playing(600, 0, 175), from);
    // Jumping to the end without playing it is no finish.
    await report(video.id, playing(590, 0, 0), { ip: freshIp() });
    await flush();
    expect((await counts(video.id)).finishes).toBe(1);
  });

  it('stores no address: view rows hold a salted hash', async () => {
    const video = await buildVideo(t.db);
    const ip = '192.0.2.213';
    await report(video.id, playing(40, 40, 40), { ip, agent: 'Mozilla/5.0 (Unique-Agent-7731)' });
    await flush();
    const tables = await queryRows<{ text: string }>(
      t.db,
      sql`SELECT string_agg(x, ' ') AS text FROM (
            SELECT m::text AS x FROM view_marks m
            UNION ALL SELECT s::text || encode(s.salt, 'escape') FROM view_salts s
            UNION ALL SELECT d::text FROM video_daily_stats d
            UNION ALL SELECT w::text FROM watch_progress w) rows`,
    );
    const stored = tables[0]!.text;
    expect(stored).toContain('v');
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain('Unique-Agent');
    const [mark] = await queryRows<{ viewer: string }>(
      t.db,
      sql`SELECT viewer FROM view_marks WHERE video_id = ${video.id}`,
    );
    expect(mark!.viewer).toMatch(/^v[A-Za-z0-9_-]{22}$/);
  });
});

describe('view salts', () => {
  it('rotates daily: the same visitor has another key each day', async () => {
    const keys = createViewKeys(t.db);
    const visitor = { userId: null, address: '203.0.113.50', userAgent: 'TestBrowser/1.0' };
    const monday = await keys.keyOf(visitor, 7, new Date('2026-11-23T10:00:00Z'));
    const mondayLater = await keys.keyOf(visitor, 7, new Date('2026-11-23T23:00:00Z'));
    const tuesday = await keys.keyOf(visitor, 7, new Date('2026-11-24T01:00:00Z'));
    expect(mondayLater).toBe(monday);
    expect(tuesday).not.toBe(monday);
    // Another instance finds the same salt for the day.
    expect(await createViewKeys(t.db).keyOf(visitor, 7, new Date('2026-11-23T12:00:00Z'))).toBe(
      monday,
    );
    expect(await keys.keyOf({ ...visitor, userId: 5 }, 7)).toBe('u5');
  });

  it('deletes salts after 48 hours and view marks after 6', async () => {
    const video = await buildVideo(t.db);
    await t.db.execute(sql`INSERT INTO view_salts (day, salt) VALUES
      ((now() AT TIME ZONE 'UTC')::date - 2, '\\x01'), ((now() AT TIME ZONE 'UTC')::date - 5, '\\x02'),
      ((now() AT TIME ZONE 'UTC')::date - 1, '\\x03')
      ON CONFLICT DO NOTHING`);
    await t.db.execute(sql`INSERT INTO view_marks (video_id, viewer, counted_at) VALUES
      (${video.id}, 'old', now() - interval '7 hours'), (${video.id}, 'recent', now() - interval '5 hours')`);
    await t.app.watching.sweep();
    const days = await queryRows<{ age: number }>(
      t.db,
      sql`SELECT ((now() AT TIME ZONE 'UTC')::date - day) AS age FROM view_salts ORDER BY age`,
    );
    expect(days.every((row) => row.age <= 1)).toBe(true);
    expect(days.some((row) => row.age === 1)).toBe(true);
    const marks = await queryRows<{ viewer: string }>(
      t.db,
      sql`SELECT viewer FROM view_marks WHERE video_id = ${video.id}`,
    );
    expect(marks.map((row) => row.viewer)).toEqual(['recent']);
  });
});

describe('POST /api/videos/{id}/progress: resume points', () => {
  it('saves a fan’s position, the last report winning, and reads it back', async () => {
    const video = await buildVideo(t.db);
    await report(video.id, playing(100, 12, 100), { token: fan.token });
    await report(video.id, playing(112, 12, 112), { token: fan.token });
    await flush();
    const read = await callApi(t.app, 'GET', `/api/users/${fan.id}/progress/${video.id}`, {
      token: fan.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.body.data).toMatchObject({ position: 112, duration: 600, finished: false });
    expect((read.body.data as { updated_at: string }).updated_at).toMatch(/Z$/);

    // Finished: it starts from the beginning next time.
    await report(video.id, playing(580, 30, 142), { token: fan.token });
    await flush();
    const after = await callApi(t.app, 'GET', `/api/users/${fan.id}/progress/${video.id}`, {
      token: fan.token,
    });
    expect(after.body.data).toMatchObject({ position: 0, finished: true });
  });

  it('records nothing for a page left without playing (total_played 0): no history, no Continue Watching', async () => {
    const video = await buildVideo(t.db);
    const left = await report(video.id, playing(0, 0, 0), { token: fan.token });
    expect(left.status).toBe(202);
    await flush();
    const read = await callApi(t.app, 'GET', `/api/users/${fan.id}/progress/${video.id}`, {
      token: fan.token,
    });
    expect(read.body.data).toMatchObject({ position: 0, updated_at: null });
    const row = await callApi(t.app, 'GET', `/api/users/${fan.id}/continue-watching`, {
      token: fan.token,
    });
    expect(JSON.stringify(row.body.data)).not.toContain(`"id":${video.id},`);
  });

  it('answers position 0 for a video never played, and 403 for another fan’s id', async () => {
    const video = await buildVideo(t.db);
    const none = await callApi(t.app, 'GET', `/api/users/${fan.id}/progress/${video.id}`, {
      token: fan.token,
    });
    expect(none.body.data).toEqual({ position: 0, duration: 0, finished: false, updated_at: null });
    const other = await signedInUser(t.app);
    const refused = await callApi(t.app, 'GET', `/api/users/${fan.id}/progress/${video.id}`, {
      token: other.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await callApi(t.app, 'GET', `/api/users/${fan.id}/progress/${video.id}`)).statusCode,
    ).toBe(401);
  });

  it('records nothing for a visitor but the view', async () => {
    const video = await buildVideo(t.db);
    await report(video.id, playing(100, 40, 40), { ip: freshIp() });
    await flush();
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM watch_progress WHERE video_id = ${video.id}`,
    );
    expect(row!.n).toBe(0);
    expect((await counts(video.id)).view_count).toBe(1);
  });
});

describe('POST /api/videos/{id}/progress: bad input', () => {
  const valid = playing(100, 10, 40);
  const cases: [string, unknown, string][] = [
    ['a negative position', { ...valid, position: -1 }, 'position'],
    ['a position past the duration', { ...valid, position: 602 }, 'position'],
    ['a zero duration', { ...valid, duration: 0 }, 'duration'],
    ['a position that is text', { ...valid, position: '100' }, 'position'],
    ['a position that is not a number', { ...valid, position: 'NaN' }, 'position'],
    ['a null duration', { ...valid, duration: null }, 'duration'],
    ['a missing total_played', { position: 1, duration: 10, played: 1 }, 'total_played'],
    ['an unknown field', { ...valid, userId: 3 }, 'userId'],
    ['negative playback', { ...valid, played: -5 }, 'played'],
    ['more played than in all', { ...valid, played: 50 }, 'played'],
  ];
  it.each(cases)(
    'refuses %s with a 400 naming the field, writing nothing',
    async (_, body, field) => {
      const video = await buildVideo(t.db);
      const answer = await report(video.id, body, { token: fan.token });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(field);
      await flush();
      expect(await counts(video.id)).toMatchObject({ view_count: 0, seconds: 0 });
    },
  );

  it('answers 404 for an unknown or private video (not for an administrator), writing nothing', async () => {
    const hidden = await buildVideo(t.db, { isPublic: false });
    expect((await report(999_999, valid, { token: fan.token })).status).toBe(404);
    const refused = await report(hidden.id, valid, { token: fan.token });
    expect(refused).toMatchObject({ status: 404, body: { message: apiMessages.videoNotFound } });
    expect((await report('abc', valid)).status).toBe(400);
    await flush();
    expect(await counts(hidden.id)).toMatchObject({ view_count: 0, seconds: 0 });
    const admin = await signedInAdmin(t.app);
    expect((await report(hidden.id, valid, { token: admin.token })).status).toBe(202);
    // An administrator watching is no change to the site: nothing in the audit log.
    const [audited] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action LIKE '%/progress'`,
    );
    expect(audited!.n).toBe(0);
  });
});

describe('POST /api/videos/{id}/progress: floods', () => {
  const { t: limited, fan } = useTestApp({
    env: { RATE_LIMIT_SCALE: '1' },
    signIn: { fan: 'user' },
  });
  const send = (videoId: number, from: { ip: string; agent?: string; token?: string }) =>
    limited.app.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/progress`,
      remoteAddress: from.ip,
      headers: {
        'user-agent': from.agent ?? 'TestBrowser/1.0',
        ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
      },
      payload: playing(10, 1, 1),
    });

  it('refuses a visitor address past 60 reports in 20 seconds with 429, whatever browser it names', async () => {
    const video = await buildVideo(limited.db);
    for (let i = 0; i < 60; i++) {
      expect((await send(video.id, { ip: '203.0.113.60', agent: `Made-up/${i}` })).statusCode).toBe(
        202,
      );
    }
    const flood = await send(video.id, { ip: '203.0.113.60', agent: 'Made-up/new' });
    expect(flood.statusCode).toBe(429);
    expect(flood.json()).toMatchObject({ status: 429, message: apiMessages.tooManyRequests });
    // Another address is counted apart.
    expect((await send(video.id, { ip: '203.0.113.61' })).statusCode).toBe(202);
    await limited.app.watching.batch.flush();
    const [row] = await queryRows<{ seconds: number }>(
      limited.db,
      sql`SELECT coalesce(sum(seconds_watched), 0)::int AS seconds FROM video_daily_stats WHERE video_id = ${video.id}`,
    );
    expect(row!.seconds).toBe(61);
  });

  it('refuses a signed-in fan past 10 reports in 20 seconds, from any address', async () => {
    const video = await buildVideo(limited.db);
    for (let i = 0; i < 10; i++) {
      const from = { ip: `198.18.0.${i + 1}`, token: fan.token };
      expect((await send(video.id, from)).statusCode).toBe(202);
    }
    const flood = await send(video.id, { ip: '198.18.0.99', token: fan.token });
    expect(flood.statusCode).toBe(429);
  });
});

describe('the progress batch on shutdown', () => {
  it('writes the reports still waiting when the app closes', async () => {
    const closing = await createTestApp();
    try {
      const video = await buildVideo(closing.db);
      const answer = await closing.app.inject({
        method: 'POST',
        url: `/api/videos/${video.id}/progress`,
        payload: playing(40, 40, 40),
      });
      expect(answer.statusCode).toBe(202);
      // No flush: closing the app writes the batch before the database goes.
      await closing.app.close();
      const [row] = await queryRows<{ n: number }>(
        closing.db,
        sql`SELECT view_count::int AS n FROM videos WHERE id = ${video.id}`,
      );
      expect(row!.n).toBe(1);
    } finally {
      await closing.close();
    }
  });
});

describe('isFinished', () => {
  it('is 90% of a video, or its last 30 seconds when it is longer than a minute', async () => {
    const { isFinished } = await import('@shared/schemas/watching.js');
    expect(isFinished(539, 600)).toBe(false);
    expect(isFinished(540, 600)).toBe(true);
    // The tail decides for videos under 5 minutes, where 10% is less than 30 seconds.
    expect(isFinished(90, 120)).toBe(true);
    expect(isFinished(89, 120)).toBe(false);
    expect(isFinished(0, 20)).toBe(false);
    expect(isFinished(18, 20)).toBe(true);
  });
});
