import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { queryRows } from '@server/db/query-rows.js';
import { artistLikes, videoLikes } from '@server/db/schema.js';
import type { ViewerLikes } from '../viewer-cache/viewer-cache.js';

/**
 * Which of some ids a viewer likes: asked for every signed-in page the viewer cache cannot
 * answer (viewer-page.ts), so both statements are prepared.
 */
const likedVideosLookup = preparedPerDatabase((db) =>
  db
    .select({ videoId: videoLikes.videoId })
    .from(videoLikes)
    .where(
      and(
        eq(videoLikes.userId, sql.placeholder('viewerId')),
        sql`${videoLikes.videoId} = ANY(${sql.placeholder('videoIds')}::int[])`,
      ),
    )
    .prepare('liked_videos_lookup'),
);

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

/** Which of these videos the viewer likes. */
export async function findLikedVideoIds(
  db: Database,
  viewerId: number,
  videoIds: number[],
): Promise<Set<number>> {
  if (videoIds.length === 0) return new Set();
  const rows = await likedVideosLookup(db).execute({ viewerId, videoIds });
  return new Set(rows.map((row) => row.videoId));
}

/** Which of these artists the viewer likes. */
export async function findLikedArtistIds(
  db: Database,
  viewerId: number,
  artistIds: number[],
): Promise<Set<number>> {
  if (artistIds.length === 0) return new Set();
  const rows = await likedArtistsLookup(db).execute({ viewerId, artistIds });
  return new Set(rows.map((row) => row.artistId));
}

/**
 * Every video and artist a viewer likes, for the viewer cache; null when there are more than
 * `limit` (then each page asks about its own ids instead).
 */
export async function findViewerLikes(
  db: Database,
  userId: number,
  limit: number,
): Promise<ViewerLikes | null> {
  const rows = await queryRows<{ kind: 'video' | 'artist'; id: number }>(
    db,
    sql`(SELECT 'video' AS kind, video_id AS id FROM video_likes WHERE user_id = ${userId})
        UNION ALL
        (SELECT 'artist', artist_id FROM artist_likes WHERE user_id = ${userId})
        LIMIT ${limit + 1}`,
  );
  if (rows.length > limit) return null;
  const videos = new Set<number>();
  const artists = new Set<number>();
  for (const row of rows) (row.kind === 'video' ? videos : artists).add(row.id);
  return { videos, artists };
}
