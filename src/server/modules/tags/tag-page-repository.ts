import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { artists, tags, videoTags, videos } from '@server/db/schema.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';

export interface TagWithArtist {
  id: number;
  name: string;
  /** The artist owning the tag (artists.tag_id is unique), or null. */
  artistId: number | null;
}

export async function findTagWithArtist(db: Database, id: number): Promise<TagWithArtist | null> {
  const [row] = await db
    .select({ id: tags.id, name: tags.name, artistId: artists.id })
    .from(tags)
    .leftJoin(artists, eq(artists.tagId, tags.id))
    .where(eq(tags.id, id))
    .limit(1);
  return row ?? null;
}

export interface TagVideosPage {
  tagId: number;
  includePrivate: boolean;
  limit: number;
  offset: number;
}

/** One page of the tag's videos, newest first, and how many there are in all. */
export async function listTagVideos(
  db: Database,
  page: TagVideosPage,
): Promise<{ rows: VideoListRow[]; total: number }> {
  const conditions: SQL[] = [eq(videoTags.tagId, page.tagId)];
  if (!page.includePrivate) conditions.push(eq(videos.isPublic, true));
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(videoColumns)
      .from(videoTags)
      .innerJoin(videos, eq(videos.id, videoTags.videoId))
      .where(where)
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(videoTags)
      .innerJoin(videos, eq(videos.id, videoTags.videoId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
