import type { Artist } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import type { artists } from '@server/db/schema.js';
import { findLikedArtistIds } from '../likes/liked-ids-repository.js';
import { markLikedArtists } from '../likes/liked-marks.js';

export type ArtistRow = typeof artists.$inferSelect;

/** Turns rows into the API's artist shape, with isLiked for a signed-in viewer (one query). */
export async function presentArtists(
  db: Database,
  rows: ArtistRow[],
  viewerId: number | null,
): Promise<Artist[]> {
  if (rows.length === 0) return [];
  if (viewerId === null) return rows.map(toArtist);
  const liked = await findLikedArtistIds(
    db,
    viewerId,
    rows.map((row) => row.id),
  );
  return markLikedArtists(rows.map(toArtist), liked);
}

export function toArtist(row: ArtistRow): Artist {
  return {
    id: row.id,
    artistid: row.id,
    name: row.name,
    description: row.description,
    image: row.imageUrl,
    img_path: row.imageUrl,
    featured: row.featured ? 1 : 0,
    tagid: row.tagId,
    like_count: row.likeCount,
  };
}
