import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { isSerializationFailure } from '@server/db/pg-errors.js';
import { queryRows } from '@server/db/query-rows.js';

/**
 * Ranks the queued videos' suggestions (public.suggested_video_ids) and keeps them in
 * video_suggestions, up to `batch` videos in one statement; returns how many were taken off the
 * queue, or null when a concurrent change to one of them made this batch stale (run it again).
 *
 * Why this is safe against a write landing meanwhile: the statement reads the catalogue and
 * takes its queue rows in one snapshot, at REPEATABLE READ. A write that queues one of those
 * videos touches its queue row first (queue_video_suggestions): committed after the snapshot, it
 * makes taking that row fail (40001) and nothing is kept; still open, it waits for this
 * statement, then queues the video again and deletes what was just written.
 */
export async function refreshQueuedSuggestions(
  db: Database,
  batch: number,
): Promise<number | null> {
  try {
    return await db.transaction(
      async (tx) => {
        const taken = await queryRows<{ video_id: number }>(
          tx,
          sql`
          WITH taken AS (
            DELETE FROM video_suggestions_stale
            WHERE video_id IN (
              SELECT video_id FROM video_suggestions_stale
              ORDER BY video_id LIMIT ${batch} FOR UPDATE SKIP LOCKED
            )
            RETURNING video_id
          ), kept AS (
            INSERT INTO video_suggestions (video_id, ids)
            SELECT v.id, public.suggested_video_ids(v.id)
            FROM taken JOIN videos v ON v.id = taken.video_id
            ON CONFLICT (video_id) DO UPDATE SET ids = excluded.ids
          )
          SELECT video_id FROM taken`,
        );
        return taken.length;
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (isSerializationFailure(error)) return null;
    throw error;
  }
}

/** Whether any video waits for its suggestions to be ranked. */
export async function hasQueuedSuggestions(db: Database): Promise<boolean> {
  const rows = await queryRows(db, sql`SELECT 1 FROM video_suggestions_stale LIMIT 1`);
  return rows.length > 0;
}
