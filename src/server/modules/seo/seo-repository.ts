import { and, asc, desc, eq, isNotNull, max, min, or, sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { layoutRows, tags, videoTags, videos } from '@server/db/schema.js';

export interface SitemapRow {
  id: number;
  lastmod: Date | null;
}

/** Public videos, newest first, with the time they last changed (an edit or the publication). */
export async function listSitemapVideos(db: Database, limit: number): Promise<SitemapRow[]> {
  return db
    .select({
      id: videos.id,
      lastmod: sql<Date>`greatest(${videos.publishedAt}, ${videos.updatedAt})`.mapWith(
        videos.publishedAt,
      ),
    })
    .from(videos)
    .where(eq(videos.isPublic, true))
    .orderBy(desc(videos.publishedAt), desc(videos.id))
    .limit(limit);
}

/**
 * The tags worth a category page: the home layout's rows (in their order) and every tag holding a
 * public video, each dated by its newest public video. Tags with only private videos stay out.
 */
export async function listSitemapTags(db: Database, limit: number): Promise<SitemapRow[]> {
  const position = min(layoutRows.position);
  return db
    .select({ id: tags.id, lastmod: max(videos.publishedAt) })
    .from(tags)
    .leftJoin(layoutRows, eq(layoutRows.tagId, tags.id))
    .leftJoin(videoTags, eq(videoTags.tagId, tags.id))
    .leftJoin(videos, and(eq(videos.id, videoTags.videoId), eq(videos.isPublic, true)))
    .where(or(isNotNull(layoutRows.tagId), isNotNull(videos.id)))
    .groupBy(tags.id)
    .orderBy(sql`${position} asc nulls last`, asc(tags.id))
    .limit(limit);
}
