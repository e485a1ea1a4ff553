import type { Artist } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import { jsonById } from '@server/db/json-by-id.js';
import type { artists } from '@server/db/schema.js';
import { findLikedArtistIds } from '../likes/liked-ids-repository.js';
import { markLikedArtists } from '../likes/liked-marks.js';
import { artistJson } from './artist-json.js';

export type ArtistRow = typeof artists.$inferSelect;

const artistsById = jsonById<Artist>('artists_by_id', 'artists', 'a', artistJson('a'));

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
  const [list, liked] = await Promise.all([
    artistsById(db, ids),
    viewerId === null ? null : findLikedArtistIds(db, viewerId, ids),
  ]);
  return liked ? markLikedArtists(list, liked) : list;
}
