import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsMessages as m } from '@shared/messages/analytics.js';
import type { SiteDay, SiteFigures } from '@shared/schemas/analytics.js';
import { queryRows } from '@server/db/query-rows.js';
import { buildUser, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { findSiteDays } from './analytics-repository.js';

const { t, admin, fan } = useTestApp({ signIn: { admin: 'admin', fan: 'user' } });

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => dayOf(Date.now());
const daysAgo = (n: number) => dayOf(Date.now() - n * DAY_MS);

const site = async (query: string) => {
  const res = await callApi(t.app, 'GET', `/api/admin/analytics/site${query}`, {
    token: admin.token,
  });
  return {
    status: res.statusCode,
    figures: res.body.data as SiteFigures,
    message: res.body.message,
  };
};

/** A view of `videoId` by a visitor at `ip`: 40 s played, over the 30 s a view needs. */
async function watch(videoId: number, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/progress`,
    remoteAddress: ip,
    headers: { 'user-agent': 'AnalyticsTest/1.0' },
    payload: { position: 40, duration: 600, played: 40, total_played: 40 },
  });
  expect(res.statusCode).toBe(202);
}

/** The same figures counted straight from the source tables. */
async function countedFromSource(day: string) {
  const [row] = await queryRows<{
    views: number;
    seconds: number;
    accounts: number;
    likes: number;
  }>(
    t.db,
    sql`SELECT
      (SELECT coalesce(sum(views), 0) FROM video_daily_stats WHERE day = ${day}::date)::int AS views,
      (SELECT coalesce(sum(seconds_watched), 0) FROM video_daily_stats WHERE day = ${day}::date)::int AS seconds,
      (SELECT count(*) FROM users WHERE (created_at AT TIME ZONE 'UTC')::date = ${day}::date)::int AS accounts,
      ((SELECT count(*) FROM video_likes WHERE (created_at AT TIME ZONE 'UTC')::date = ${day}::date)
       + (SELECT count(*) FROM artist_likes WHERE (created_at AT TIME ZONE 'UTC')::date = ${day}::date))::int AS likes`,
  );
  return row!;
}

describe('GET /api/admin/analytics/site', () => {
  it('is for administrators only', async () => {
    const asFan = await callApi(t.app, 'GET', '/api/admin/analytics/site', { token: fan.token });
    expect(asFan.statusCode).toBe(403);
    const anonymous = await callApi(t.app, 'GET', '/api/admin/analytics/site.csv');
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers the last 30 days by default, and the 30 before them to compare', async () => {
    const { status, figures } = await site('');
    expect(status).toBe(200);
    expect(figures.range).toEqual({ from: daysAgo(29), to: today(), days: 30 });
    expect(figures.previous).toEqual({ from: daysAgo(59), to: daysAgo(30), days: 30 });
    expect(figures.days.map((day) => day.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => daysAgo(29 - i)),
    );
    expect(figures.previousDays).toHaveLength(30);
    const week = await site('?days=7');
    expect(week.figures.days).toHaveLength(7);
  });

  it('counts views, seconds, finishes and unique viewers as fans watch', async () => {
    const [one, two] = [await buildVideo(t.db), await buildVideo(t.db)];
    const before = (await site('?days=7')).figures.days.at(-1)!;
    // One visitor watches two videos (one viewer, two views), another watches one.
    await watch(one.id, '198.51.100.1');
    await watch(two.id, '198.51.100.1');
    await watch(one.id, '198.51.100.2');
    await t.app.watching.batch.flush();
    const after = (await site('?days=7')).figures.days.at(-1)!;
    expect(after.views - before.views).toBe(3);
    expect(after.secondsWatched - before.secondsWatched).toBe(120);
    expect(after.viewers! - (before.viewers ?? 0)).toBe(2);
    const source = await countedFromSource(today());
    expect({ views: after.views, seconds: after.secondsWatched }).toEqual({
      views: source.views,
      seconds: source.seconds,
    });
  });

  it('counts new accounts and likes per day, ended days rolled up once and kept', async () => {
    // A day no earlier call has rolled up: what the source tables hold is what it shows.
    const day = daysAgo(200);
    const person = await buildUser(t.db);
    const video = await buildVideo(t.db);
    await t.db.execute(sql`UPDATE users SET created_at = ${day}::date + time '12:00'
      WHERE id = ${person.id}`);
    await t.db.execute(sql`INSERT INTO video_likes (user_id, video_id, created_at)
      VALUES (${person.id}, ${video.id}, ${day}::date + time '13:00')`);
    const { figures } = await site(`?from=${daysAgo(201)}&to=${daysAgo(199)}`);
    const shown = figures.days.find((row) => row.day === day)!;
    expect({ newAccounts: shown.newAccounts, likes: shown.likes }).toEqual({
      newAccounts: 1,
      likes: 1,
    });
    const source = await countedFromSource(day);
    expect({ newAccounts: source.accounts, likes: source.likes }).toEqual({
      newAccounts: 1,
      likes: 1,
    });
    const [kept] = await queryRows<{ new_accounts: number | null; likes: number | null }>(
      t.db,
      sql`SELECT new_accounts, likes FROM site_daily_stats WHERE day = ${day}::date`,
    );
    expect(kept).toEqual({ new_accounts: 1, likes: 1 });
    // Today is counted live: a new account shows at once.
    const todayBefore = (await site('?days=7')).figures.days.at(-1)!.newAccounts;
    await buildUser(t.db);
    const again = await site('?days=7');
    expect(again.figures.days.at(-1)!.newAccounts).toBe(todayBefore + 1);
  });

  it('counts UTC days whatever the database connection’s time zone', async () => {
    const day = daysAgo(300);
    const late = await buildUser(t.db);
    // 23:30 UTC: the next day in Berlin, the same day in New York.
    await t.db
      .execute(sql`UPDATE users SET created_at = ${day}::date + time '23:30' AT TIME ZONE 'UTC'
      WHERE id = ${late.id}`);
    for (const zone of ['Europe/Berlin', 'America/New_York']) {
      const days = await t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL TIME ZONE '${zone}'`));
        return findSiteDays(tx, { from: daysAgo(301), to: daysAgo(299), days: 3 });
      });
      expect(
        days.map((row) => row.newAccounts),
        zone,
      ).toEqual([0, 1, 0]);
    }
  });

  it('adds up the totals from the days, and compares a custom range with the one before', async () => {
    const { status, figures } = await site(`?from=${daysAgo(9)}&to=${daysAgo(0)}`);
    expect(status).toBe(200);
    expect(figures.range.days).toBe(10);
    expect(figures.previous).toEqual({ from: daysAgo(19), to: daysAgo(10), days: 10 });
    const sum = (pick: (day: SiteDay) => number) =>
      figures.days.reduce((total, day) => total + pick(day), 0);
    expect(figures.totals.views).toBe(sum((day) => day.views));
    expect(figures.totals.likes).toBe(sum((day) => day.likes));
    expect(figures.totals.newAccounts).toBe(sum((day) => day.newAccounts));
  });

  it.each([
    ['?from=2026-01-01', m.rangeHalfGiven],
    ['?from=yesterday&to=today', m.notADate],
    ['?from=2026-02-30&to=2026-03-01', m.notADate],
    ['?from=2026-03-01&to=2026-02-01', m.endBeforeStart],
    ['?from=2015-01-01&to=2021-01-02', m.rangeTooLong],
    [`?from=${today()}&to=2999-01-01`, m.endInFuture],
    ['?days=14', m.presetInvalid],
    [`?days=7&from=${daysAgo(3)}&to=${today()}`, m.presetAndDates],
    ['?from=0000-03-01&to=0000-03-01', m.tooEarly],
    ['?from=1999-12-31&to=2000-01-05', m.tooEarly],
  ])('refuses %s with 400 and why', async (query, message) => {
    const { status, message: said } = await site(query);
    expect(status).toBe(400);
    expect(said).toBe(message);
  });
});

describe('GET /api/admin/analytics/site.csv', () => {
  it('downloads the same days as CSV with a header and ISO days', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/analytics/site.csv?from=${daysAgo(2)}&to=${today()}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="twang-site-${daysAgo(2)}-to-${today()}.csv"`,
    );
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe(
      'day,views,hours_watched,seconds_watched,finishes,unique_viewers,new_accounts,likes',
    );
    const { figures } = await site(`?from=${daysAgo(2)}&to=${today()}`);
    expect(rows).toEqual(
      figures.days.map((day) =>
        [
          day.day,
          day.views,
          day.hoursWatched,
          day.secondsWatched,
          day.finishes,
          day.viewers ?? '',
          day.newAccounts,
          day.likes,
        ].join(','),
      ),
    );
  });

  it('refuses a bad range with the JSON error envelope', async () => {
    const res = await callApi(t.app, 'GET', '/api/admin/analytics/site.csv?days=3', {
      token: admin.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(m.presetInvalid);
  });
});
