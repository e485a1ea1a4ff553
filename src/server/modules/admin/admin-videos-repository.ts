import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { videos } from '../../db/schema.js';
import { likeNeedle } from '../../lib/search-sql.js';
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
  const [row] = await db.update(videos).set(set).where(eq(videos.id, id)).returning(videoColumns);
  return row;
}

/** Removes the video from the catalogue (tags, likes and a featured link go with it by cascade). */
export async function deleteVideo(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  return rows.length > 0;
}

/**
 * Runs the statement with the planner's table scans off, for its own transaction only. It prices
 * a word similarity like a plain comparison, so for a term of common trigrams it chose to scan
 * the table computing one for every video (1-2 s at 100k videos) over the trigram index (30 ms).
 */
function onTrigramIndex<T>(db: Database, run: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
    return run(tx);
  });
}

/**
 * Title search for the admin list, private videos included: accent- and case-insensitive substring
 * (trigram index) or a close word for typos (word similarity, same index), both on the stored
 * search_title. Exact titles first, then titles starting with the query, then containing it, then
 * the closest; each group newest first. Similarity is computed for the last group only (and the
 * index recheck skips it for titles containing the term): scoring every match of a broad query
 * ('live' is in every title) was most of the cost.
 */
export async function searchVideosByTitle(
  db: Database,
  query: string,
  page: { limit: number; offset: number },
): Promise<{ rows: VideoListRow[]; total: number }> {
  const title = videos.searchTitle;
  const term = sql`public.search_text(${query})`;
  const contains = sql`${title} LIKE '%' || ${likeNeedle(query)} || '%'`;
  const startsWith = sql`${title} LIKE ${likeNeedle(query)} || '%'`;
  const where: SQL = sql`(${contains} OR ${term} <% ${title})`;
  const rank = sql`CASE WHEN ${title} = ${term} THEN 0 WHEN ${startsWith} THEN 1 WHEN ${contains} THEN 2 ELSE 3 END`;
  const closeness = sql`CASE WHEN NOT (${contains}) THEN word_similarity(${term}, ${title}) END`;
  const [rows, totals] = await Promise.all([
    onTrigramIndex(db, (tx) =>
      tx
        .select(videoColumns)
        .from(videos)
        .where(where)
        .orderBy(rank, desc(closeness), desc(videos.publishedAt), desc(videos.id))
        .limit(page.limit)
        .offset(page.offset),
    ),
    onTrigramIndex(db, (tx) => tx.select({ n: count() }).from(videos).where(where)),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
