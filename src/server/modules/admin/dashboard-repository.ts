import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { artistJson } from '../artists/artist-json.js';
import { videoJson } from '../videos/video-json.js';

/** The dashboard's Popular Videos and Popular Artists lists. */
export const POPULAR_COUNT = 10;
const TOP = sql.raw(String(POPULAR_COUNT));

/**
 * Views per video over the range's UTC days, from video_daily_stats. The range comes from the
 * app's clock, as the days of each item's sparkline do, so both always cover the same days.
 */
const recentViews = sql`SELECT video_id, sum(views)::int AS views FROM video_daily_stats
  WHERE day BETWEEN ${sql.placeholder('from')}::date AND ${sql.placeholder('to')}::date
  GROUP BY video_id`;

/**
 * Popular Videos: the most viewed of the last 30 days, then the most liked (equal counts newest
 * first); Popular Artists: by the 30-day views of the videos carrying their tag, then the most
 * liked (equal counts oldest first). The candidates are the top ten by views and the top ten by
 * likes (video_popularity's index, migration 0008), so a quiet month still fills the lists.
 * Written as JSON by the database, each item with its `views_30d`.
 */
const dashboardStatement = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`(WITH recent AS MATERIALIZED (${recentViews}),
        artist_views AS MATERIALIZED (
          SELECT a.id AS artist_id, sum(r.views)::int AS views
          -- The watched videos' tags by key: cheaper than hashing all of video_tags, and the
          -- LIMIT keeps the planner from flattening it into that join.
          FROM recent r CROSS JOIN LATERAL (
            SELECT tag_id FROM video_tags x WHERE x.video_id = r.video_id LIMIT 1000) vt
          JOIN artists a ON a.tag_id = vt.tag_id GROUP BY a.id),
        top_videos AS (
          SELECT c.video_id, coalesce(r.views, 0) AS views,
                 row_number() OVER (ORDER BY coalesce(r.views, 0) DESC, p.like_count DESC,
                   p.published_at DESC, c.video_id DESC) AS ord
          FROM (
            (SELECT video_id FROM recent ORDER BY views DESC, video_id DESC LIMIT ${TOP})
            UNION
            (SELECT video_id FROM video_popularity
             ORDER BY like_count DESC, published_at DESC, video_id DESC LIMIT ${TOP})
          ) c JOIN video_popularity p ON p.video_id = c.video_id
          LEFT JOIN recent r ON r.video_id = c.video_id
          ORDER BY ord LIMIT ${TOP}),
        top_artists AS (
          SELECT c.id, coalesce(av.views, 0) AS views,
                 row_number() OVER (ORDER BY coalesce(av.views, 0) DESC, a.like_count DESC, a.id)
                   AS ord
          FROM (
            (SELECT artist_id AS id FROM artist_views ORDER BY views DESC, artist_id LIMIT ${TOP})
            UNION
            (SELECT id FROM artists ORDER BY like_count DESC, id LIMIT ${TOP})
          ) c JOIN artists a ON a.id = c.id
          LEFT JOIN artist_views av ON av.artist_id = c.id
          ORDER BY ord LIMIT ${TOP})
      SELECT json_build_object(
        'episodes', (
          SELECT coalesce(json_agg(
            ${videoJson('v')}::jsonb || jsonb_build_object('views_30d', top.views) ORDER BY top.ord),
            '[]'::json)
          FROM top_videos top JOIN videos v ON v.id = top.video_id),
        'artists', (
          SELECT coalesce(json_agg(
            ${artistJson('a')}::jsonb || jsonb_build_object('views_30d', top.views) ORDER BY top.ord),
            '[]'::json)
          FROM top_artists top JOIN artists a ON a.id = top.id)
      )::text)`,
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare('admin_dashboard'),
);

/** The dashboard's lists over the range (the last 30 days), as JSON text. */
export async function findDashboardJson(
  db: Database,
  range: { from: string; to: string },
): Promise<string> {
  const [row] = await dashboardStatement(db).execute({ from: range.from, to: range.to });
  return row!.json;
}
