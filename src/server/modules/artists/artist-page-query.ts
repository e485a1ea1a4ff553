import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { videoJson } from '../videos/video-json.js';
import { artistJson } from './artist-json.js';
import { ARTIST_VIDEOS_LIMIT } from './artists-repository.js';

/**
 * The artist page in one prepared statement, written as JSON by the database: the artist and
 * the newest videos carrying the artist's tag (private ones for administrators only).
 */
const artistPageStatement = (visibility: 'public' | 'any') =>
  preparedPerDatabase((db) => {
    const visible = sql.raw(visibility === 'public' ? 'AND v.is_public' : '');
    return db
      .select({
        json: sql<string>`json_build_object(
          'artist', ${artistJson('a')},
          'videos', shown.list,
          'tagid', a.tag_id
        )::text`,
        videoIds: sql<number[]>`shown.ids`,
      })
      .from(
        sql`artists a CROSS JOIN LATERAL (
          SELECT coalesce(json_agg(${videoJson('v')} ORDER BY page.ord), '[]'::json) AS list,
                 coalesce(array_agg(page.id ORDER BY page.ord), '{}') AS ids
          FROM (
            SELECT v.id, row_number() OVER (ORDER BY v.published_at DESC, v.id DESC) AS ord
            FROM video_tags vt JOIN videos v ON v.id = vt.video_id
            WHERE vt.tag_id = a.tag_id ${visible}
            ORDER BY v.published_at DESC, v.id DESC
            LIMIT ${sql.raw(String(ARTIST_VIDEOS_LIMIT))}
          ) page JOIN videos v ON v.id = page.id
        ) shown`,
      )
      .where(sql`a.id = ${sql.placeholder('id')}`)
      .prepare(`artist_page_${visibility}`);
  });

const statements = { public: artistPageStatement('public'), any: artistPageStatement('any') };

/** ArtistDetailData as JSON text and the videos it shows, or null for an unknown artist. */
export async function findArtistPageJson(
  db: Database,
  id: number,
  options: { includePrivate: boolean },
): Promise<{ json: string; videoIds: number[] } | null> {
  const [row] = await statements[options.includePrivate ? 'any' : 'public'](db).execute({ id });
  return row ?? null;
}
