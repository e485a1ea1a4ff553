import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { taggedVideosWindow, type Visibility } from '../videos/video-json.js';
import { artistJson } from './artist-json.js';
import { ARTIST_VIDEOS_LIMIT } from './artists-repository.js';

const LIMIT = sql.raw(`LIMIT ${ARTIST_VIDEOS_LIMIT}`);

/**
 * The artist page in one prepared statement, written as JSON by the database: the artist and
 * the newest videos carrying the artist's tag (private ones for administrators only).
 */
const artistPageStatement = (visibility: Visibility) =>
  preparedPerDatabase((db) =>
    db
      .select({
        json: sql<string>`json_build_object(
          'artist', ${artistJson('a')},
          'videos', shown.list,
          'tagid', a.tag_id
        )::text`,
        videoIds: sql<number[]>`shown.ids`,
      })
      .from(
        sql`artists a CROSS JOIN LATERAL ${taggedVideosWindow(sql`a.tag_id`, visibility, LIMIT)} shown`,
      )
      .where(sql`a.id = ${sql.placeholder('id')}`)
      .prepare(`artist_page_${visibility}`),
  );

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
