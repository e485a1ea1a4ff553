import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { analyticsMessages as m } from '@shared/messages/analytics.js';
import type { EpisodeFigures } from '@shared/schemas/analytics.js';
import { buildUser, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin, fan } = useTestApp({ signIn: { admin: 'admin', fan: 'user' } });

const DAY_MS = 86_400_000;
const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysAgo = (n: number) => dayOfMs(Date.now() - n * DAY_MS);

const episode = async (id: number, query = '') => {
  const res = await callApi(t.app, 'GET', `/api/admin/analytics/videos/${id}${query}`, {
    token: admin.token,
  });
  return {
    status: res.statusCode,
    figures: res.body.data as EpisodeFigures,
    message: res.body.message,
  };
};

async function watched(videoId: number, day: string, views: number, seconds: number) {
  await t.db
    .execute(sql`INSERT INTO video_daily_stats (video_id, day, views, seconds_watched, finishes)
    VALUES (${videoId}, ${day}::date, ${views}, ${seconds}, ${Math.floor(views / 2)})`);
}

/** A fan's saved position in the episode. */
async function savedAt(videoId: number, position: number, finished = false) {
  const person = await buildUser(t.db);
  await t.db
    .execute(sql`INSERT INTO watch_progress (user_id, video_id, position, duration, finished)
    VALUES (${person.id}, ${videoId}, ${position}, 600, ${finished})`);
  return person;
}

describe('GET /api/admin/analytics/videos/{id}', () => {
  it('is for administrators only, and 404 for an unknown video', async () => {
    const video = await buildVideo(t.db);
    const asFan = await callApi(t.app, 'GET', `/api/admin/analytics/videos/${video.id}`, {
      token: fan.token,
    });
    expect(asFan.statusCode).toBe(403);
    const anonymous = await callApi(
      t.app,
      'GET',
      `/api/admin/analytics/videos/${video.id}/days.csv`,
    );
    expect(anonymous.statusCode).toBe(401);
    const missing = await episode(999_999);
    expect({ status: missing.status, message: missing.message }).toEqual({
      status: 404,
      message: apiMessages.videoNotFound,
    });
    const notAnId = await callApi(t.app, 'GET', '/api/admin/analytics/videos/abc', {
      token: admin.token,
    });
    expect(notAnId.statusCode).toBe(400);
  });

  it('answers the days since publication, with views, likes and the share watched', async () => {
    const video = await buildVideo(t.db, {
      isPublic: false,
      publishedAt: new Date(Date.parse(`${daysAgo(3)}T18:00:00Z`)),
    });
    await watched(video.id, daysAgo(2), 4, 1_200);
    await watched(video.id, daysAgo(0), 6, 1_800);
    // Before publication (a premiere's rehearsal): outside the default range.
    await watched(video.id, daysAgo(10), 100, 100);
    const liker = await buildUser(t.db);
    await t.db.execute(sql`INSERT INTO video_likes (user_id, video_id, created_at)
      VALUES (${liker.id}, ${video.id}, ${daysAgo(2)}::date + time '09:00')`);
    await savedAt(video.id, 300);

    const { status, figures } = await episode(video.id);
    expect(status).toBe(200);
    expect(figures.video).toMatchObject({ id: video.id, title: video.title, isPublic: false });
    expect(figures.range).toEqual({ from: daysAgo(3), to: daysAgo(0), days: 4 });
    expect(figures.days).toEqual({
      day: [daysAgo(3), daysAgo(2), daysAgo(1), daysAgo(0)],
      views: [0, 4, 0, 6],
      hoursWatched: [0, 0.3, 0, 0.5],
      finishes: [0, 2, 0, 3],
      likes: [0, 1, 0, 0],
    });
    // 3,000 s over 10 views of a 600 s episode: half of it on average.
    expect(figures.totals).toEqual({
      views: 10,
      hoursWatched: 0.8,
      finishes: 5,
      likes: 1,
      averageShareWatched: 0.5,
    });
    const week = await episode(video.id, '?days=30');
    expect(week.figures.range.days).toBe(30);
    expect(week.figures.totals.views).toBe(110);
  });

  it('says how many fans reached each tenth of the episode, a finished one to the end', async () => {
    const video = await buildVideo(t.db);
    await savedAt(video.id, 0);
    await savedAt(video.id, 59);
    await savedAt(video.id, 330);
    await savedAt(video.id, 0, true);
    const { figures } = await episode(video.id);
    expect(figures.retention.viewers).toBe(4);
    expect(figures.retention.buckets.map((bucket) => [bucket.from, bucket.reached])).toEqual([
      [0, 4],
      [10, 2],
      [20, 2],
      [30, 2],
      [40, 2],
      [50, 2],
      [60, 1],
      [70, 1],
      [80, 1],
      [90, 1],
    ]);
    expect(figures.retention.buckets[1]!.share).toBe(0.5);
    // No views yet: no share watched, not a division by zero.
    expect(figures.totals.averageShareWatched).toBeNull();
  });

  it('answers an episode nobody watched with zeros', async () => {
    const video = await buildVideo(t.db);
    const { figures } = await episode(video.id, '?days=7');
    expect(figures.retention).toEqual({
      viewers: 0,
      buckets: expect.arrayContaining([{ from: 0, reached: 0, share: 0 }]) as unknown,
    });
    expect(figures.days.day).toHaveLength(7);
    expect(figures.days.views).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(figures.totals.views).toBe(0);
  });

  it('refuses a bad range with 400 and why', async () => {
    const video = await buildVideo(t.db);
    const { status, message } = await episode(video.id, `?from=${daysAgo(1)}&to=${daysAgo(3)}`);
    expect({ status, message }).toEqual({ status: 400, message: m.endBeforeStart });
  });
});

describe('the episode CSVs', () => {
  it('download its days and its retention curve', async () => {
    const video = await buildVideo(t.db);
    await watched(video.id, daysAgo(1), 3, 90);
    await savedAt(video.id, 600, true);
    const days = await t.app.inject({
      method: 'GET',
      url: `/api/admin/analytics/videos/${video.id}/days.csv?from=${daysAgo(1)}&to=${daysAgo(0)}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(days.statusCode).toBe(200);
    expect(days.headers['content-disposition']).toBe(
      `attachment; filename="twang-episode-${video.id}-${daysAgo(1)}-to-${daysAgo(0)}.csv"`,
    );
    expect(days.body.trim().split('\n')).toEqual([
      'day,views,hours_watched,seconds_watched,finishes,likes',
      `${daysAgo(1)},3,0,90,1,0`,
      `${daysAgo(0)},0,0,0,0,0`,
    ]);
    const retention = await t.app.inject({
      method: 'GET',
      url: `/api/admin/analytics/videos/${video.id}/retention.csv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(retention.statusCode).toBe(200);
    const lines = retention.body.trim().split('\n');
    expect(lines[0]).toBe('from_percent,fans_reached,share');
    expect(lines.slice(1)).toEqual(
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((from) => `${from},1,1`),
    );
  });
});
