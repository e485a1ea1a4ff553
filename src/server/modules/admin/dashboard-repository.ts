import { asc, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { artists, videos } from '../../db/schema.js';
import type { ArtistRow } from '../artists/artist-presenter.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';

/**
 * The most-liked videos, equal counts newest first. like_count has no index (migration 0005: with
 * one, every like rewrote all the row's indexes), so this scans the table: ~45 ms at 100,000 videos.
 */
export async function mostLikedVideos(db: Database, limit: number): Promise<VideoListRow[]> {
  return db
    .select(videoColumns)
    .from(videos)
    .orderBy(desc(videos.likeCount), desc(videos.publishedAt), desc(videos.id))
    .limit(limit);
}

/** The most-liked artists, equal counts oldest first (a table scan, as for videos). */
export async function mostLikedArtists(db: Database, limit: number): Promise<ArtistRow[]> {
  return db.select().from(artists).orderBy(desc(artists.likeCount), asc(artists.id)).limit(limit);
}
