import { asc, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { artists, videos } from '../../db/schema.js';
import type { ArtistRow } from '../artists/artist-presenter.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';

/** The most-liked videos, equal counts newest first: the order of videos_like_count_idx. */
export async function mostLikedVideos(db: Database, limit: number): Promise<VideoListRow[]> {
  return db
    .select(videoColumns)
    .from(videos)
    .orderBy(desc(videos.likeCount), desc(videos.publishedAt), desc(videos.id))
    .limit(limit);
}

/** The most-liked artists, read in the order of artists_like_count_idx. */
export async function mostLikedArtists(db: Database, limit: number): Promise<ArtistRow[]> {
  return db.select().from(artists).orderBy(desc(artists.likeCount), asc(artists.id)).limit(limit);
}
