import type { Artist, Video } from '../../../shared/schemas/catalogue.js';
import type { Database } from '../../db/client.js';
import { findLikedArtistIds, markLikedArtists } from '../artists/artist-presenter.js';
import { findLikedVideoIds, markLikedVideos } from '../videos/video-presenter.js';

/**
 * A cached page's artists and videos as a signed-in viewer sees them, each saying whether they
 * like it: at most two prepared queries, run together.
 */
export async function markViewerLikes(
  db: Database,
  viewerId: number,
  lists: { artists: Artist[]; videos: Video[] },
): Promise<{ artists: Artist[]; videos: Video[] }> {
  const [likedArtists, likedVideos] = await Promise.all([
    findLikedArtistIds(
      db,
      viewerId,
      lists.artists.map((artist) => artist.id),
    ),
    findLikedVideoIds(
      db,
      viewerId,
      lists.videos.map((video) => video.id),
    ),
  ]);
  return {
    artists: markLikedArtists(lists.artists, likedArtists),
    videos: markLikedVideos(lists.videos, likedVideos),
  };
}
