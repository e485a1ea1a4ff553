import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsMessages as m } from '@shared/messages/analytics.js';
import type { TopLists } from '@shared/schemas/analytics.js';
import { buildArtist, buildTag, buildVideo, callApi } from '@server/testing/factories.js';
import { queryRows } from '@server/db/query-rows.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { findTopLists } from './top-lists-repository.js';
import { rollUpEndedMonths } from './video-months.js';

const { t, admin, fan } = useTestApp({ signIn: { admin: 'admin', fan: 'user' } });

const DAY_MS = 86_400_000;
const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysAgo = (n: number) => dayOfMs(Date.now() - n * DAY_MS);

const top = async (query: string) => {
  const res = await callApi(t.app, 'GET', `/api/admin/analytics/top${query}`, {
    token: admin.token,
  });
  return { status: res.statusCode, lists: res.body.data as TopLists, message: res.body.message };
};

async function watched(videoId: number, day: string, views: number, seconds: number) {
  await t.db
    .execute(sql`INSERT INTO video_daily_stats (video_id, day, views, seconds_watched, finishes)
    VALUES (${videoId}, ${day}::date, ${views}, ${seconds}, ${Math.floor(views / 2)})`);
}

/**
 * Days long before anything else the suite writes: only this test's videos were watched in them.
 * An artist's tag and a category's on three videos; the third has the second's views but more
 * hours, so it ranks above it.
 */
async function seededRange(first: number) {
  const artist = await buildArtist(t.db, { name: `Kitty Wells ${first}` });
  const category = await buildTag(t.db, `Honky-Tonk ${first}`);
  const quiet = await buildTag(t.db, `Quiet ${first}`);
  const a = await buildVideo(t.db, { title: 'A', tagIds: [artist.tagId, category.id] });
  const b = await buildVideo(t.db, { title: 'B', tagIds: [category.id] });
  const c = await buildVideo(t.db, { title: 'C', tagIds: [quiet.id] });
  await watched(a.id, daysAgo(first), 30, 3_600);
  await watched(a.id, daysAgo(first - 2), 20, 1_800);
  await watched(b.id, daysAgo(first - 1), 30, 1_800);
  await watched(c.id, daysAgo(first - 1), 30, 7_200);
  // Outside the range: counts for nothing.
  await watched(b.id, daysAgo(first + 1), 1_000, 1_000);
  return { artist, category, quiet, a, b, c };
}

describe('GET /api/admin/analytics/top', () => {
  it('is for administrators only', async () => {
    const asFan = await callApi(t.app, 'GET', '/api/admin/analytics/top', { token: fan.token });
    expect(asFan.statusCode).toBe(403);
    const anonymous = await callApi(t.app, 'GET', '/api/admin/analytics/top.csv');
    expect(anonymous.statusCode).toBe(401);
  });

  it('ranks episodes, artists through their tag and categories, with views per day', async () => {
    const { artist, category, quiet, a, b, c } = await seededRange(500);
    const { status, lists } = await top(`?from=${daysAgo(500)}&to=${daysAgo(498)}`);
    expect(status).toBe(200);
    expect(lists.range).toEqual({ from: daysAgo(500), to: daysAgo(498), days: 3 });
    expect(lists.episodes.map((item) => [item.id, item.views, item.dailyViews])).toEqual([
      [a.id, 50, [30, 0, 20]],
      [c.id, 30, [0, 30, 0]],
      [b.id, 30, [0, 30, 0]],
    ]);
    expect(lists.episodes[0]).toMatchObject({ title: 'A', hoursWatched: 1.5, finishes: 25 });
    expect(lists.artists).toEqual([
      {
        id: artist.id,
        name: 'Kitty Wells 500',
        image: artist.imageUrl,
        views: 50,
        hoursWatched: 1.5,
        finishes: 25,
        dailyViews: [30, 0, 20],
      },
    ]);
    // The artist's own tag is not a category.
    expect(lists.categories.map((item) => [item.id, item.views, item.dailyViews])).toEqual([
      [category.id, 80, [30, 30, 20]],
      [quiet.id, 30, [0, 30, 0]],
    ]);
  });

  it('adds up whole ended months once and keeps them, with the days around them', async () => {
    // A month long ago, and the days on either side of it.
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear() - 3, now.getUTCMonth(), 1));
    const day = (offset: number) => dayOfMs(month.getTime() + offset * DAY_MS);
    const monthEnd = dayOfMs(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0));
    const video = await buildVideo(t.db, { title: 'Monthly' });
    await watched(video.id, day(-1), 1, 60);
    await watched(video.id, day(0), 10, 600);
    await watched(video.id, day(14), 100, 6_000);
    await watched(video.id, monthEnd, 1_000, 60_000);
    await watched(video.id, day(40), 10_000, 600_000);
    const ofMonth = () =>
      queryRows<{ views: number }>(
        t.db,
        sql`SELECT views FROM video_monthly_stats
            WHERE video_id = ${video.id} AND month = ${day(0)}::date`,
      );

    // Part of the month: the days are read, nothing is added up.
    const part = await top(`?from=${day(-1)}&to=${day(14)}`);
    expect(part.lists.episodes.find((item) => item.id === video.id)?.views).toBe(111);
    expect(await ofMonth()).toEqual([]);

    // The whole month and a day either side: the month is added up and read from there.
    const whole = `?from=${day(-1)}&to=${dayOfMs(Date.parse(monthEnd) + DAY_MS)}`;
    const first = await top(whole);
    const listed = first.lists.episodes.find((item) => item.id === video.id)!;
    expect(listed.views).toBe(1_111);
    expect(listed.dailyViews[0]).toBe(1);
    expect(listed.dailyViews.at(-2)).toBe(1_000);
    expect(await ofMonth()).toEqual([{ views: 1_110 }]);
    // A late count on a day of an added-up month is not read again: the kept sum is.
    await t.db.execute(sql`UPDATE video_daily_stats SET views = views + 5
      WHERE video_id = ${video.id} AND day = ${day(14)}::date`);
    const again = await findTopLists(t.db, {
      from: day(-1),
      to: dayOfMs(Date.parse(monthEnd) + DAY_MS),
      days: first.lists.range.days,
    });
    expect(again.episodes.find((item) => item.id === video.id)?.views).toBe(1_111);
  });

  it('adds up two whole months, from the 1st to the last day, and reads the same as the days', async () => {
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear() - 4, now.getUTCMonth(), 1));
    const second = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1);
    const end = dayOfMs(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 2, 0));
    const video = await buildVideo(t.db, { title: 'Two months' });
    await watched(video.id, dayOfMs(first.getTime()), 7, 70);
    await watched(video.id, dayOfMs(second - DAY_MS), 20, 200);
    await watched(video.id, dayOfMs(second), 300, 3_000);
    await watched(video.id, end, 4_000, 40_000);
    const range = { from: dayOfMs(first.getTime()), to: end };
    const query = `?from=${range.from}&to=${range.to}`;
    const { lists } = await top(query);
    expect(lists.episodes.find((item) => item.id === video.id)?.views).toBe(4_327);
    expect(await rollUpEndedMonths(t.db, { ...range, days: lists.range.days })).toEqual([
      dayOfMs(first.getTime()),
      dayOfMs(second),
    ]);
    const months = await queryRows<{ month: string; views: number }>(
      t.db,
      sql`SELECT to_char(month, 'YYYY-MM-DD') AS month, views FROM video_monthly_stats
          WHERE video_id = ${video.id} ORDER BY month`,
    );
    expect(months).toEqual([
      { month: dayOfMs(first.getTime()), views: 27 },
      { month: dayOfMs(second), views: 4_300 },
    ]);
  });

  it('does not add up the month still running, even from its 1st to its last day', async () => {
    const now = new Date();
    const from = dayOfMs(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const to = dayOfMs(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
    expect(await rollUpEndedMonths(t.db, { from, to, days: 31 })).toEqual([]);
    const marked = await queryRows(
      t.db,
      sql`SELECT month FROM analytics_months WHERE month = ${from}::date`,
    );
    expect(marked).toEqual([]);
  });

  it('answers empty lists for a range nobody watched', async () => {
    const { lists } = await top(`?from=${daysAgo(900)}&to=${daysAgo(890)}`);
    expect(lists).toMatchObject({ episodes: [], artists: [], categories: [] });
  });

  it('refuses a bad range with 400 and why', async () => {
    const { status, message } = await top(`?from=${daysAgo(1)}&to=${daysAgo(3)}`);
    expect(status).toBe(400);
    expect(message).toBe(m.endBeforeStart);
  });
});

describe('GET /api/admin/analytics/top.csv', () => {
  it('downloads the three lists as one sheet, ranked', async () => {
    const { a } = await seededRange(700);
    const range = `from=${daysAgo(700)}&to=${daysAgo(698)}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/analytics/top.csv?${range}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="twang-top-${daysAgo(700)}-to-${daysAgo(698)}.csv"`,
    );
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe('list,rank,id,name,views,hours_watched,finishes');
    expect(rows[0]).toBe(`episodes,1,${a.id},A,50,1.5,25`);
    const { lists } = await top(`?${range}`);
    expect(rows).toHaveLength(
      lists.episodes.length + lists.artists.length + lists.categories.length,
    );
    expect(rows.filter((row) => row.startsWith('artists,'))).toEqual([
      `artists,1,${lists.artists[0]!.id},Kitty Wells 700,50,1.5,25`,
    ]);
  });
});
