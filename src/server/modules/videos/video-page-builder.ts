import type { VideoPageData } from '../../../shared/schemas/public-catalogue.js';
import type { Database } from '../../db/client.js';
import { presentVideos } from './video-presenter.js';
import { findVideoById, listSuggestedVideos } from './videos-repository.js';

const SUGGESTED_VIDEOS = 12;

/**
 * The video page: the video and its suggestions, or null when the video does not exist for this
 * viewer (a private one exists for administrators only). Three queries.
 */
export async function buildVideoPage(
  db: Database,
  id: number,
  viewer: { includePrivate: boolean; viewerId: number | null },
): Promise<VideoPageData | null> {
  const row = await findVideoById(db, id);
  if (!row || (!row.isPublic && !viewer.includePrivate)) return null;
  const suggested = await listSuggestedVideos(db, row.id, SUGGESTED_VIDEOS);
  const [video, ...suggestedVideos] = await presentVideos(db, [row, ...suggested], viewer.viewerId);
  return { video: video!, suggestedVideos };
}

export function videoPageVideoIds(page: VideoPageData): number[] {
  return [page.video.id, ...page.suggestedVideos.map((video) => video.id)];
}
