import { and, desc, eq } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '@server/db/client.js';
import { featuredVideo, videoTags, videos } from '@server/db/schema.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';

export interface FeaturedChoice {
  /** The admin's featured title; empty when none was set. */
  title: string;
  /** The linked catalogue video when it exists and is public. */
  video: VideoListRow | null;
}

/** The admin's featured row (id 1), with its video only when that video is public. */
export async function findFeaturedChoice(db: Database): Promise<FeaturedChoice | null> {
  const [row] = await db
    .select({ title: featuredVideo.title, video: videoColumns })
    .from(featuredVideo)
    .leftJoin(videos, and(eq(videos.id, featuredVideo.videoId), eq(videos.isPublic, true)))
    .where(eq(featuredVideo.id, 1))
    .limit(1);
  return row ?? null;
}

export async function findNewestPublicVideo(db: Database): Promise<VideoListRow | null> {
  const [row] = await db
    .select(videoColumns)
    .from(videos)
    .where(eq(videos.isPublic, true))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(1);
  return row ?? null;
}

/**
 * The newest public videos of each tag (at most perTag each), newest first, in one statement: a
 * UNION ALL of one small query per tag. Each branch is planned with its own tag id, so PostgreSQL
 * walks a small tag's few videos but reads a big tag newest-first and stops after perTag, where a
 * window function or a LATERAL join would get one plan for every tag (measured on 100k videos:
 * ~0.5 ms a row, against 100-300 ms for the single-plan forms).
 */
export async function listNewestPublicVideosByTag(
  db: Database,
  tagIds: number[],
  perTag: number,
): Promise<Map<number, VideoListRow[]>> {
  const branch = (tagId: number) =>
    db
      .select({ ...videoColumns, tagId: videoTags.tagId })
      .from(videoTags)
      .innerJoin(videos, eq(videos.id, videoTags.videoId))
      .where(and(eq(videoTags.tagId, tagId), eq(videos.isPublic, true)))
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(perTag);
  const [first, second, ...rest] = tagIds.map(branch);
  const rows = !first ? [] : !second ? await first : await unionAll(first, second, ...rest);
  const byTag = new Map<number, VideoListRow[]>();
  for (const { tagId, ...video } of rows) {
    byTag.set(tagId, [...(byTag.get(tagId) ?? []), video]);
  }
  // A UNION ALL does not promise to keep each branch's order.
  for (const list of byTag.values()) {
    list.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id);
  }
  return byTag;
}
