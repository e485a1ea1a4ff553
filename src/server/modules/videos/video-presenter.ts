import type { Video } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import { jsonById } from '@server/db/json-by-id.js';
import { videos } from '@server/db/schema.js';
import { findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { markLikedVideos } from '../likes/liked-marks.js';
import { videoJson } from './video-json.js';

export type VideoRow = typeof videos.$inferSelect;

/** The columns every video list selects; spread into `db.select({...videoColumns})`. */
export const videoColumns = {
  id: videos.id,
  youtubeId: videos.youtubeId,
  title: videos.title,
  description: videos.description,
  thumbnail: videos.thumbnail,
  episodeNumber: videos.episodeNumber,
  isPublic: videos.isPublic,
  publishedAt: videos.publishedAt,
  likeCount: videos.likeCount,
  viewCount: videos.viewCount,
  publishAt: videos.publishAt,
};

export type VideoListRow = Pick<
  VideoRow,
  | 'id'
  | 'youtubeId'
  | 'title'
  | 'description'
  | 'thumbnail'
  | 'episodeNumber'
  | 'isPublic'
  | 'publishedAt'
  | 'publishAt'
  | 'likeCount'
  | 'viewCount'
>;

const videosById = jsonById<Video>('videos_by_id', 'videos', 'v', videoJson('v'));

/**
 * The API's video shape for these videos, in their order, with isLiked for a signed-in viewer:
 * two queries whatever the list length. The shape has one writer, the database (videoJson);
 * this only parses it. A video deleted since its row was read is left out.
 */
export async function presentVideos(
  db: Database,
  rows: readonly { id: number }[],
  viewerId: number | null,
): Promise<Video[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [list, liked] = await Promise.all([
    videosById(db, ids),
    viewerId === null ? null : findLikedVideoIds(db, viewerId, ids),
  ]);
  return liked ? markLikedVideos(list, liked) : list;
}
