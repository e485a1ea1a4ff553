import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import type { SiteDay, SiteTotals } from '@shared/schemas/analytics.js';
import type { DayRange } from './analytics-range.js';

/** A day ends for the roll-up a few minutes after midnight UTC: a like committing late still counts. */
const CLOSED_DAYS = sql.raw(`((now() - interval '10 minutes') AT TIME ZONE 'UTC')::date`);

/**
 * Rows of `table` made on UTC day `day` (a date expression), through its created_at index. The
 * date goes through a plain timestamp: `date AT TIME ZONE` alone would read it in the
 * connection's time zone, and a server not set to UTC would shift every day.
 */
const madeOn = (table: string, day: SQL) =>
  sql`(SELECT count(*) FROM ${sql.raw(table)}
       WHERE created_at >= (${day})::timestamp AT TIME ZONE 'UTC'
         AND created_at < ((${day}) + 1)::timestamp AT TIME ZONE 'UTC')`;
const G_DAY = sql.raw('g.day');
const NEW_ACCOUNTS = madeOn('users', G_DAY);
const LIKES = sql`${madeOn('video_likes', G_DAY)} + ${madeOn('artist_likes', G_DAY)}`;

/**
 * New accounts and likes of each ended day in the range that has none yet, counted once from
 * their created_at indexes and kept in site_daily_stats (the first look at a year counts a year;
 * every later one reads 365 rows). Instances that roll up the same day at once write the same
 * figures. A like removed after its day was rolled up stays counted: "likes given that day".
 */
export async function rollUpEndedDays(db: Database, range: DayRange): Promise<void> {
  await db.execute(sql`
    INSERT INTO site_daily_stats AS t (day, viewers, new_accounts, likes)
    SELECT g.day, 0, ${NEW_ACCOUNTS}, ${LIKES}
    FROM (SELECT d::date AS day
          FROM generate_series(${range.from}::date, LEAST(${range.to}::date, ${CLOSED_DAYS} - 1), interval '1 day') d) g
    LEFT JOIN site_daily_stats s ON s.day = g.day
    WHERE s.new_accounts IS NULL
    -- In day order: two roll-ups of overlapping ranges take the rows' locks in the same order.
    ORDER BY g.day
    ON CONFLICT (day) DO UPDATE SET new_accounts = excluded.new_accounts, likes = excluded.likes`);
}

interface DayRow {
  day: string;
  views: number;
  seconds: string | number;
  finishes: number;
  viewers: number | null;
  new_accounts: number | null;
  likes: number | null;
}

/**
 * Each day of the range, the days not rolled up yet (today, and the minutes after midnight)
 * counted live. The range is at most 5 years: at most 1,827 rows.
 */
export async function findSiteDays(db: Database, range: DayRange): Promise<SiteDay[]> {
  const rows = await queryRows<DayRow>(
    db,
    sql`SELECT to_char(g.day, 'YYYY-MM-DD') AS day,
          coalesce(s.views, 0) AS views, coalesce(s.seconds_watched, 0) AS seconds,
          coalesce(s.finishes, 0) AS finishes,
          CASE WHEN s.day IS NULL THEN 0 ELSE s.viewers END AS viewers,
          -- COALESCE evaluates the count only for a day not rolled up (today): the rest read a row.
          coalesce(s.new_accounts, ${NEW_ACCOUNTS}) AS new_accounts,
          coalesce(s.likes, ${LIKES}) AS likes
        FROM (SELECT d::date AS day
              FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d) g
        LEFT JOIN site_daily_stats s ON s.day = g.day
        ORDER BY g.day`,
  );
  return rows.map((row) => ({
    day: row.day,
    views: Number(row.views),
    secondsWatched: Number(row.seconds),
    hoursWatched: hoursOf(Number(row.seconds)),
    finishes: Number(row.finishes),
    viewers: row.viewers === null ? null : Number(row.viewers),
    newAccounts: Number(row.new_accounts ?? 0),
    likes: Number(row.likes ?? 0),
  }));
}

/** Hours to one decimal: what a chart and a CSV show. */
export const hoursOf = (seconds: number) => Math.round(seconds / 360) / 10;

export function totalsOf(days: readonly SiteDay[]): SiteTotals {
  const measured = days.filter((day) => day.viewers !== null);
  const sum = (pick: (day: SiteDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  return {
    views: sum((day) => day.views),
    hoursWatched: hoursOf(sum((day) => day.secondsWatched)),
    finishes: sum((day) => day.finishes),
    averageDailyViewers:
      measured.length === 0
        ? null
        : Math.round(
            measured.reduce((total, day) => total + (day.viewers ?? 0), 0) / measured.length,
          ),
    newAccounts: sum((day) => day.newAccounts),
    likes: sum((day) => day.likes),
  };
}
