import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { artistJson } from '../artists/artist-json.js';
import { videoJson } from '../videos/video-json.js';

/** The dashboard's Popular Videos and Popular Artists lists. */
export const POPULAR_COUNT = 10;
const TOP = sql.raw(String(POPULAR_COUNT));

/**
 * The most liked videos (equal counts newest first), read from video_popularity's index (a read
 * model kept by triggers: migration 0008), and the most liked artists (equal counts oldest first;
 * 10,000 artists are a scan of a few milliseconds), written as JSON by the database.
 */
const dashboardStatement = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`json_build_object(
        'episodes', (
          SELECT coalesce(json_agg(${videoJson('v')} ORDER BY top.ord), '[]'::json)
          FROM (
            SELECT p.video_id, row_number() OVER () AS ord FROM (
              SELECT video_id FROM video_popularity
              ORDER BY like_count DESC, published_at DESC, video_id DESC LIMIT ${TOP}
            ) p
          ) top JOIN videos v ON v.id = top.video_id),
        'artists', (
          SELECT coalesce(json_agg(${artistJson('a')} ORDER BY a.like_count DESC, a.id), '[]'::json)
          FROM (SELECT * FROM artists ORDER BY like_count DESC, id LIMIT ${TOP}) a)
      )::text`,
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare('admin_dashboard'),
);

/** AdminDashboard as JSON text. */
export async function findDashboardJson(db: Database): Promise<string> {
  const [row] = await dashboardStatement(db).execute();
  return row!.json;
}
