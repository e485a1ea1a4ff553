import type { Artist, Video } from '../../../shared/schemas/catalogue.js';
import type { Database } from '../../db/client.js';
import { findLikedArtistIds, markLikedArtists } from '../artists/artist-presenter.js';
import { findLikedVideoIds, markLikedVideos } from '../videos/video-presenter.js';
import type { ViewerCache, ViewerLikes } from '../viewer-cache/viewer-cache.js';

/** Where a viewer's likes are found: the app, which has both. */
export interface LikesSource {
  db: Database;
  viewerCache: ViewerCache;
}

/**
 * Which of these artists and videos the viewer likes. Usually every like of theirs, kept in
 * memory; for a viewer who likes too much to keep, two prepared queries about these ids.
 */
export async function viewerLikesAmong(
  source: LikesSource,
  viewerId: number,
  ids: { artists: number[]; videos: number[] },
): Promise<ViewerLikes> {
  const kept = await source.viewerCache.likes(viewerId);
  if (kept) return kept;
  const [artists, videos] = await Promise.all([
    findLikedArtistIds(source.db, viewerId, ids.artists),
    findLikedVideoIds(source.db, viewerId, ids.videos),
  ]);
  return { artists, videos };
}

/** A cached page's artists and videos as a signed-in viewer sees them: each says if they like it. */
export async function markViewerLikes(
  source: LikesSource,
  viewerId: number,
  lists: { artists: Artist[]; videos: Video[] },
): Promise<{ artists: Artist[]; videos: Video[] }> {
  const liked = await viewerLikesAmong(source, viewerId, {
    artists: lists.artists.map((artist) => artist.id),
    videos: lists.videos.map((video) => video.id),
  });
  return {
    artists: markLikedArtists(lists.artists, liked.artists),
    videos: markLikedVideos(lists.videos, liked.videos),
  };
}
