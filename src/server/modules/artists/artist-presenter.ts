import { and, eq, sql } from 'drizzle-orm';
import type { Artist } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { artistLikes, type artists } from '@server/db/schema.js';

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

const likedArtistsLookup = preparedPerDatabase((db) =>
  db
    .select({ artistId: artistLikes.artistId })
    .from(artistLikes)
    .where(
      and(
        eq(artistLikes.userId, sql.placeholder('viewerId')),
        sql`${artistLikes.artistId} = ANY(${sql.placeholder('artistIds')}::int[])`,
      ),
    )
    .prepare('liked_artists_lookup'),
);

/** Which of these artists the viewer likes (prepared: signed-in pages ask it every time). */
export async function findLikedArtistIds(
  db: Database,
  viewerId: number,
  artistIds: number[],
): Promise<Set<number>> {
  if (artistIds.length === 0) return new Set();
  const rows = await likedArtistsLookup(db).execute({ viewerId, artistIds });
  return new Set(rows.map((row) => row.artistId));
}

/** A cached page's artists as a signed-in viewer sees them. */
export function markLikedArtists(list: Artist[], liked: ReadonlySet<number>): Artist[] {
  return list.map((artist) => ({ ...artist, isLiked: liked.has(artist.id) }));
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
