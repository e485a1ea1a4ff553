import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { videos } from '@server/db/schema.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';

export type NewVideo = typeof videos.$inferInsert;

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters for any channel size. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK)
    result.push(items.slice(start, start + CHUNK));
  return result;
}

export async function findVideoIdByYoutubeId(
  db: Database,
  youtubeId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.youtubeId, youtubeId))
    .limit(1);
  return row?.id;
}

/** Inserts one video; a second import of the same YouTube id fails with a unique violation. */
export async function insertVideo(db: Database, values: NewVideo): Promise<VideoListRow> {
  const [row] = await db.insert(videos).values(values).returning(videoColumns);
  return row!;
}

/** Which of these YouTube ids the catalogue already holds (one query for a typical channel). */
export async function existingYoutubeIds(db: Database, youtubeIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(youtubeIds)) {
    const rows = await db
      .select({ youtubeId: videos.youtubeId })
      .from(videos)
      .where(inArray(videos.youtubeId, part));
    for (const row of rows) found.add(row.youtubeId);
  }
  return found;
}

/**
 * Multi-row insert that skips ids another import added meanwhile (ON CONFLICT DO NOTHING).
 * Returns how many rows went in.
 */
export async function insertVideosSkippingDuplicates(
  db: Database,
  rows: NewVideo[],
): Promise<number> {
  let added = 0;
  for (const part of chunks(rows)) {
    const inserted = await db
      .insert(videos)
      .values(part)
      .onConflictDoNothing({ target: videos.youtubeId })
      .returning({ id: videos.id });
    added += inserted.length;
  }
  return added;
}

export interface VideoChanges {
  title: string;
  description: string;
  episodeNumber?: number | null | undefined;
  isPublic?: boolean | undefined;
  /** A Private video's publish time, or null for none; undefined leaves it as it is. */
  publishAt?: Date | null | undefined;
}

export async function updateVideo(
  db: Database,
  id: number,
  changes: VideoChanges,
): Promise<VideoListRow | undefined> {
  const set: Partial<NewVideo> = {
    title: changes.title,
    description: changes.description,
    updatedAt: new Date(),
  };
  if (changes.episodeNumber !== undefined) set.episodeNumber = changes.episodeNumber;
  if (changes.isPublic !== undefined) set.isPublic = changes.isPublic;
  if (changes.publishAt !== undefined) set.publishAt = changes.publishAt;
  // Published by hand: the schedule has nothing left to do.
  if (changes.isPublic === true) set.publishAt = null;
  const [row] = await db.update(videos).set(set).where(eq(videos.id, id)).returning(videoColumns);
  return row;
}

/** Removes the video from the catalogue (tags, likes and a featured link go with it by cascade). */
export async function deleteVideo(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  return rows.length > 0;
}
