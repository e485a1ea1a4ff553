import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import type { DayRange } from './analytics-range.js';

/** A month ends for the roll-up as a day does: 10 minutes after midnight UTC. */
const CLOSED_DAY = sql.raw(`((now() - interval '10 minutes') AT TIME ZONE 'UTC')::date`);

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The first day of the month after `month` ('2026-01-01' → '2026-02-01'). */
function nextMonth(month: string): string {
  const date = new Date(msOf(month));
  date.setUTCMonth(date.getUTCMonth() + 1);
  return dayOf(date.getTime());
}

/**
 * Adds up each ended month wholly inside the range that is not yet, and answers the range's
 * added-up months, oldest first. Looking is one small read; a month is written once: the
 * instance whose marker goes in writes it, another waits on the marker's key and writes nothing.
 */
export async function rollUpEndedMonths(db: Database, range: DayRange): Promise<string[]> {
  const wanted = await queryRows<{ month: string; done: boolean }>(
    db,
    // Plain timestamps: months of UTC days, whatever the connection's time zone.
    sql`SELECT to_char(m, 'YYYY-MM-DD') AS month,
               EXISTS (SELECT 1 FROM analytics_months a WHERE a.month = m::date) AS done
        FROM generate_series(
               date_trunc('month', (${range.from}::date - 1)::timestamp) + interval '1 month',
               date_trunc('month', (${range.to}::date + 1)::timestamp) - interval '1 month',
               interval '1 month') m
        WHERE (m + interval '1 month')::date <= ${CLOSED_DAY}
        ORDER BY m`,
  );
  const missing = wanted.filter((row) => !row.done).map((row) => row.month);
  if (missing.length > 0) {
    await db.execute(sql`
      WITH marked AS (
        INSERT INTO analytics_months (month)
        SELECT month FROM unnest(${sql.param(missing)}::date[]) AS m(month)
        ORDER BY month
        ON CONFLICT (month) DO NOTHING
        RETURNING month)
      INSERT INTO video_monthly_stats (month, video_id, views, seconds_watched, finishes)
      SELECT m.month, d.video_id, sum(d.views), sum(d.seconds_watched), sum(d.finishes)
      FROM marked m
      JOIN video_daily_stats d ON d.day >= m.month AND d.day < (m.month + interval '1 month')::date
      GROUP BY m.month, d.video_id
      ORDER BY m.month, d.video_id
      ON CONFLICT DO NOTHING`);
  }
  return wanted.map((row) => row.month);
}

/**
 * Views, seconds and finishes of every video watched in the range: whole months added up from
 * video_monthly_stats, the days around them from video_daily_stats. `months` are the range's
 * added-up months (rollUpEndedMonths), consecutive.
 */
export function videoSumsOf(range: DayRange, months: readonly string[]): SQL {
  const daily = (from: string, to: string) =>
    sql`SELECT video_id, views, seconds_watched, finishes FROM video_daily_stats
        WHERE day BETWEEN ${from}::date AND ${to}::date`;
  const parts: SQL[] = [];
  const first = months[0];
  const last = months.at(-1);
  if (first === undefined || last === undefined) {
    parts.push(daily(range.from, range.to));
  } else {
    const afterLast = nextMonth(last);
    if (range.from < first) parts.push(daily(range.from, dayOf(msOf(first) - DAY_MS)));
    parts.push(sql`SELECT video_id, views, seconds_watched, finishes FROM video_monthly_stats
                   WHERE month BETWEEN ${first}::date AND ${last}::date`);
    if (afterLast <= range.to) parts.push(daily(afterLast, range.to));
  }
  return sql`SELECT video_id, sum(views)::bigint AS views, sum(seconds_watched)::bigint AS seconds,
                    sum(finishes)::bigint AS finishes
             FROM (${sql.join(parts, sql` UNION ALL `)}) parts
             GROUP BY video_id`;
}
