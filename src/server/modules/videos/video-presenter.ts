import { and, eq, inArray, sql } from 'drizzle-orm';
import { youtubeWatchUrl, type Tag, type Video } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { tags, videoLikes, videoTags, videos } from '@server/db/schema.js';

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
  | 'likeCount'
  | 'viewCount'
>;

/**
 * Turns rows into the API's video shape, with their tags and (for a signed-in viewer) isLiked,
 * in two batched queries whatever the list length.
 */
export async function presentVideos(
  db: Database,
  rows: VideoListRow[],
  viewerId: number | null,
): Promise<Video[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [tagRows, liked] = await Promise.all([
    db
      .select({ videoId: videoTags.videoId, id: tags.id, name: tags.name })
      .from(videoTags)
      .innerJoin(tags, eq(tags.id, videoTags.tagId))
      .where(inArray(videoTags.videoId, ids))
      .orderBy(tags.name),
    viewerId === null ? Promise.resolve(new Set<number>()) : findLikedVideoIds(db, viewerId, ids),
  ]);
  const tagsByVideo = new Map<number, Tag[]>();
  for (const { videoId, id, name } of tagRows) {
    const list = tagsByVideo.get(videoId) ?? [];
    list.push({ id, name });
    tagsByVideo.set(videoId, list);
  }
  return rows.map((row) => {
    const video = toVideo(row, tagsByVideo.get(row.id) ?? []);
    return viewerId === null ? video : { ...video, isLiked: liked.has(row.id) };
  });
}

/** Every signed-in page view asks this of its cached page, so it is prepared. */
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

/** A cached page's videos as a signed-in viewer sees them: each says whether they like it. */
export function markLikedVideos<T extends { id: number }>(
  list: T[],
  liked: ReadonlySet<number>,
): (T & { isLiked: boolean })[] {
  return list.map((video) => ({ ...video, isLiked: liked.has(video.id) }));
}

export function toVideo(row: VideoListRow, videoTagList: Tag[]): Video {
  const url = youtubeWatchUrl(row.youtubeId);
  return {
    id: row.id,
    epid: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail || `https://i.ytimg.com/vi/${row.youtubeId}/hqdefault.jpg`,
    youtube_id: row.youtubeId,
    youtube_url: url,
    link: url,
    episode_number: row.episodeNumber,
    epnum: row.episodeNumber,
    public_state: row.isPublic,
    published_at: row.publishedAt.toISOString(),
    like_count: row.likeCount,
    view_count: row.viewCount,
    tags: videoTagList,
  };
}
