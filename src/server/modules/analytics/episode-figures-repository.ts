import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import type {
  EpisodeDay,
  EpisodeDayColumns,
  EpisodeFigures,
  RetentionBucket,
} from '@shared/schemas/analytics.js';
import type { DayRange } from './analytics-range.js';
import { hoursOf } from './analytics-repository.js';

/** Tenths of an episode: coarse enough to say where people leave, not who. */
const RETENTION_BUCKETS = 10;

interface EpisodeRow {
  id: number;
  title: string;
  thumbnail: string;
  published_at: string;
  is_public: boolean;
}

/** The episode an analytics page is about, or null. */
export async function findEpisode(db: Database, id: number) {
  const [row] = await queryRows<EpisodeRow>(
    db,
    sql`SELECT id, title, thumbnail,
          to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at,
          is_public
        FROM videos WHERE id = ${id}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    title: row.title,
    thumbnail: row.thumbnail,
    publishedAt: row.published_at,
    isPublic: row.is_public,
  };
}

interface DayRow {
  day: string;
  views: number;
  seconds: string | number;
  finishes: number;
  likes: number;
}

/** Each day of the range: the episode's views, seconds and finishes, and the likes given it. */
export async function findEpisodeDays(
  db: Database,
  id: number,
  range: DayRange,
): Promise<EpisodeDay[]> {
  const rows = await queryRows<DayRow>(
    db,
    sql`SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(s.views, 0) AS views,
          coalesce(s.seconds_watched, 0) AS seconds, coalesce(s.finishes, 0) AS finishes,
          coalesce(l.likes, 0) AS likes
        FROM (SELECT d::date AS day
              FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d) g
        LEFT JOIN video_daily_stats s ON s.video_id = ${id} AND s.day = g.day
        LEFT JOIN (
          SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS likes
          FROM video_likes WHERE video_id = ${id}
          GROUP BY 1) l ON l.day = g.day
        ORDER BY g.day`,
  );
  return rows.map((row) => ({
    day: row.day,
    views: Number(row.views),
    secondsWatched: Number(row.seconds),
    hoursWatched: hoursOf(Number(row.seconds)),
    finishes: Number(row.finishes),
    likes: Number(row.likes),
  }));
}

interface RetentionRow {
  bucket: number;
  reached: number;
  viewers: number;
  duration: number | null;
}

/**
 * Of the signed-in fans with a saved position, how many got to each tenth of the episode (a
 * finished one counts to the end), and the length their players reported.
 */
export async function findRetention(
  db: Database,
  id: number,
): Promise<{ viewers: number; buckets: RetentionBucket[]; duration: number | null }> {
  const rows = await queryRows<RetentionRow>(
    db,
    sql`SELECT b AS bucket,
          count(*) FILTER (WHERE p.finished OR p.position >= p.duration * b / ${RETENTION_BUCKETS})::int
            AS reached,
          count(*)::int AS viewers, avg(p.duration)::float8 AS duration
        FROM generate_series(0, ${RETENTION_BUCKETS - 1}) b
        CROSS JOIN (SELECT position, duration, finished FROM watch_progress
                    WHERE video_id = ${id} AND duration > 0) p
        GROUP BY b ORDER BY b`,
  );
  const viewers = Number(rows[0]?.viewers ?? 0);
  return {
    viewers,
    duration: rows[0]?.duration === undefined ? null : Number(rows[0].duration),
    buckets: Array.from({ length: RETENTION_BUCKETS }, (_, index) => {
      const reached = Number(rows[index]?.reached ?? 0);
      return {
        from: (index * 100) / RETENTION_BUCKETS,
        reached,
        share: viewers === 0 ? 0 : Math.round((reached / viewers) * 1000) / 1000,
      };
    }),
  };
}

/** An episode's figures with its days as rows, which the CSV writes and the JSON turns to columns. */
export type EpisodeReport = Omit<EpisodeFigures, 'days'> & { days: EpisodeDay[] };

/** The days as the API answers them: a column per figure. */
export function dayColumns(days: readonly EpisodeDay[]): EpisodeDayColumns {
  return {
    day: days.map((day) => day.day),
    views: days.map((day) => day.views),
    hoursWatched: days.map((day) => day.hoursWatched),
    finishes: days.map((day) => day.finishes),
    likes: days.map((day) => day.likes),
  };
}

/** The episode's figures over the range; null when no video has the id. */
export async function findEpisodeFigures(
  db: Database,
  id: number,
  rangeFor: (publishedDay: string) => DayRange,
): Promise<EpisodeReport | null> {
  const video = await findEpisode(db, id);
  if (!video) return null;
  const range = rangeFor(video.publishedAt.slice(0, 10));
  const [days, retention] = await Promise.all([
    findEpisodeDays(db, id, range),
    findRetention(db, id),
  ]);
  const sum = (pick: (day: EpisodeDay) => number) =>
    days.reduce((total, day) => total + pick(day), 0);
  const views = sum((day) => day.views);
  const seconds = sum((day) => day.secondsWatched);
  const share =
    views === 0 || retention.duration === null
      ? null
      : Math.min(1, Math.round((seconds / views / retention.duration) * 1000) / 1000);
  return {
    video,
    range,
    totals: {
      views,
      hoursWatched: hoursOf(seconds),
      finishes: sum((day) => day.finishes),
      likes: sum((day) => day.likes),
      averageShareWatched: share,
    },
    days,
    retention: { viewers: retention.viewers, buckets: retention.buckets },
  };
}
