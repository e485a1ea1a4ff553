import { sql } from 'drizzle-orm';
import type { Artist } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import type { artists } from '@server/db/schema.js';
import { findLikedArtistIds } from '../likes/liked-ids-repository.js';
import { markLikedArtists } from '../likes/liked-marks.js';
import { artistJson } from './artist-json.js';

export type ArtistRow = typeof artists.$inferSelect;

/** Artists by id, each in the API's shape as artistJson writes it. */
const artistsByIdStatement = preparedPerDatabase((db) =>
  db
    .select({ id: sql<number>`a.id`, json: sql<string>`${artistJson('a')}::text` })
    .from(sql`artists a`)
    .where(sql`a.id = ANY(${sql.placeholder('ids')}::int[])`)
    .prepare('artists_by_id'),
);

/**
 * The API's artist shape for these artists, in their order, with isLiked for a signed-in viewer.
 * The shape has one writer, the database (artistJson); this only parses it. An artist deleted
 * since its row was read is left out.
 */
export async function presentArtists(
  db: Database,
  rows: readonly { id: number }[],
  viewerId: number | null,
): Promise<Artist[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [found, liked] = await Promise.all([
    artistsByIdStatement(db).execute({ ids }),
    viewerId === null ? null : findLikedArtistIds(db, viewerId, ids),
  ]);
  const byId = new Map(found.map((row) => [row.id, row.json]));
  const list = ids.flatMap((id) => {
    const json = byId.get(id);
    return json === undefined ? [] : [JSON.parse(json) as Artist];
  });
  return liked ? markLikedArtists(list, liked) : list;
}
