import { and, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { videoTags, videos } from '../../db/schema.js';
import { videoColumns, type VideoListRow } from './video-presenter.js';

export async function findVideoById(db: Database, id: number): Promise<VideoListRow | null> {
  const [row] = await db.select(videoColumns).from(videos).where(eq(videos.id, id)).limit(1);
  return row ?? null;
}

/**
 * Up to `limit` public videos to watch after video `id`: those sharing the most tags with it
 * first (then newest), topped up with the newest public videos. Two queries run side by side;
 * the top-up fetches 2 x limit so that it still has `limit` left after dropping the overlap.
 */
export async function listSuggestedVideos(
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
