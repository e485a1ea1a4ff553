import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { artistLikes, artists, videoLikes, videos } from '../../db/schema.js';
import type { ArtistRow } from '../artists/artist-presenter.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';

/** The account page shows every like; the cap only keeps one request bounded. */
const LIKED_LIST_LIMIT = 1000;

/** Artists the user liked, newest like first. */
export async function listLikedArtists(db: Database, userId: number): Promise<ArtistRow[]> {
  const rows = await db
    .select({ artist: artists })
    .from(artistLikes)
    .innerJoin(artists, eq(artists.id, artistLikes.artistId))
    .where(eq(artistLikes.userId, userId))
    .orderBy(desc(artistLikes.createdAt), desc(artistLikes.artistId))
    .limit(LIKED_LIST_LIMIT);
  return rows.map((row) => row.artist);
}

/** Videos the user liked, newest like first; private ones only when `includePrivate`. */
export async function listLikedVideos(
  db: Database,
  userId: number,
  includePrivate: boolean,
): Promise<VideoListRow[]> {
  const conditions: SQL[] = [eq(videoLikes.userId, userId)];
  if (!includePrivate) conditions.push(eq(videos.isPublic, true));
  return db
    .select(videoColumns)
    .from(videoLikes)
    .innerJoin(videos, eq(videos.id, videoLikes.videoId))
    .where(and(...conditions))
    .orderBy(desc(videoLikes.createdAt), desc(videoLikes.videoId))
    .limit(LIKED_LIST_LIMIT);
}

export async function findArtistLikeCount(
  db: Database,
  artistId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ likeCount: artists.likeCount })
    .from(artists)
    .where(eq(artists.id, artistId))
    .limit(1);
  return row?.likeCount;
}

export async function findVideoForLike(
  db: Database,
  videoId: number,
): Promise<{ isPublic: boolean; likeCount: number } | undefined> {
  const [row] = await db
    .select({ isPublic: videos.isPublic, likeCount: videos.likeCount })
    .from(videos)
    .where(eq(videos.id, videoId))
    .limit(1);
  return row;
}

// Likes are set-like: a second like is a no-op (ON CONFLICT DO NOTHING), removing a missing one too.
// The triggers of migration 0001 keep like_count in step with these rows.

export async function addArtistLike(db: Database, userId: number, artistId: number): Promise<void> {
  await db.insert(artistLikes).values({ userId, artistId }).onConflictDoNothing();
}

export async function removeArtistLike(
  db: Database,
  userId: number,
  artistId: number,
): Promise<void> {
  await db
    .delete(artistLikes)
    .where(and(eq(artistLikes.userId, userId), eq(artistLikes.artistId, artistId)));
}

export async function addVideoLike(db: Database, userId: number, videoId: number): Promise<void> {
  await db.insert(videoLikes).values({ userId, videoId }).onConflictDoNothing();
}

export async function removeVideoLike(
  db: Database,
  userId: number,
  videoId: number,
): Promise<void> {
  await db
    .delete(videoLikes)
    .where(and(eq(videoLikes.userId, userId), eq(videoLikes.videoId, videoId)));
}
