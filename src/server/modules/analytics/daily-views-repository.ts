import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import type { DayRange } from './analytics-range.js';

interface DailyRow {
  id: number;
  /** Days after the range's first. */
  offset: number;
  views: number | string;
}

/** Views per day of a few videos, read by their primary key. */
function findVideoDays(db: Database, range: DayRange, videoIds: number[]) {
  return queryRows<DailyRow>(
    db,
    sql`SELECT video_id AS id, (day - ${range.from}::date) AS "offset", views
        FROM video_daily_stats
        WHERE video_id = ANY(${sql.param(videoIds)}::int[])
          AND day BETWEEN ${range.from}::date AND ${range.to}::date`,
  );
}

/** Views per day of the videos carrying each of a few tags. */
function findTagDays(db: Database, range: DayRange, tagIds: number[]) {
  return queryRows<DailyRow>(
    db,
    sql`SELECT vt.tag_id AS id, (d.day - ${range.from}::date) AS "offset", sum(d.views)::bigint AS views
        FROM video_tags vt
        JOIN video_daily_stats d ON d.video_id = vt.video_id
          AND d.day BETWEEN ${range.from}::date AND ${range.to}::date
        WHERE vt.tag_id = ANY(${sql.param(tagIds)}::int[])
        GROUP BY vt.tag_id, d.day`,
  );
}

/** Each id's views as one number per day of the range, zero where nothing was watched. */
function dailySeries(rows: readonly DailyRow[], days: number): Map<number, number[]> {
  const series = new Map<number, number[]>();
  for (const row of rows) {
    let values = series.get(Number(row.id));
    if (!values) {
      values = new Array<number>(days).fill(0);
      series.set(Number(row.id), values);
    }
    values[Number(row.offset)] = Number(row.views);
  }
  return series;
}

/** Views per day of the range, zero-filled, of each of a few videos and of each of a few tags. */
export async function findDailyViews(
  db: Database,
  range: DayRange,
  videoIds: number[],
  tagIds: number[],
): Promise<{ byVideo: Map<number, number[]>; byTag: Map<number, number[]> }> {
  const [videoDays, tagDays] = await Promise.all([
    videoIds.length ? findVideoDays(db, range, videoIds) : [],
    tagIds.length ? findTagDays(db, range, tagIds) : [],
  ]);
  return {
    byVideo: dailySeries(videoDays, range.days),
    byTag: dailySeries(tagDays, range.days),
  };
}
