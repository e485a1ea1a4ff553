/**
 * The video page as it was built before it moved into one SQL statement (video-page-query.ts):
 * three queries and the presenter. Kept as the reference the new statement is tested against.
 */
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import type { Database } from '../db/client.js';
import { videoTags, videos } from '../db/schema.js';
import {
  presentVideos,
  videoColumns,
  type VideoListRow,
} from '../modules/videos/video-presenter.js';
import { findVideoById } from '../modules/videos/videos-repository.js';

const SUGGESTED_VIDEOS = 12;

/**
 * The video page: the video and its suggestions, or null when the video does not exist for this
 * viewer (a private one exists for administrators only). Three queries.
 */
export async function referenceVideoPage(
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

/**
 * Up to `limit` public videos to watch after video `id`: those sharing the most tags with it
 * first (then newest), topped up with the newest public videos. Two queries run side by side;
 * the top-up fetches 2 x limit so that it still has `limit` left after dropping the overlap.
 */
async function listSuggestedVideos(
  db: Database,
  id: number,
  limit: number,
): Promise<VideoListRow[]> {
  const own = alias(videoTags, 'own_tags');
  const [sharing, newest] = await Promise.all([
    db
      .select(videoColumns)
      .from(own)
      .innerJoin(videoTags, and(eq(videoTags.tagId, own.tagId), ne(videoTags.videoId, own.videoId)))
      .innerJoin(videos, and(eq(videos.id, videoTags.videoId), eq(videos.isPublic, true)))
      .where(eq(own.videoId, id))
      .groupBy(videos.id)
      .orderBy(desc(count()), desc(videos.publishedAt), desc(videos.id))
      .limit(limit),
    db
      .select(videoColumns)
      .from(videos)
      .where(and(eq(videos.isPublic, true), ne(videos.id, id)))
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(limit * 2),
  ]);
  const chosen = new Set(sharing.map((row) => row.id));
  const topUp = newest.filter((row) => !chosen.has(row.id));
  return [...sharing, ...topUp].slice(0, limit);
}
