import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import type { PendingProgress, PendingStats } from './progress-batch.js';

/**
 * A flush that lost to another instance's (deadlock 40P01, serialization 40001) or to a video
 * deleted meanwhile (23503): the statement rolled back whole, and running it again is safe.
 */
export function isRetryableConflict(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '40P01' || code === '40001' || code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const UTC_TODAY = sql.raw(`(now() AT TIME ZONE 'UTC')::date`);

/**
 * Upserts a batch of resume points, one row per fan and video (the batch keeps the last). Fans
 * who paused their history and videos deleted since the report are left out here, at the write.
 * A new report brings a video back into Continue Watching.
 */
export async function writeProgress(db: Database, rows: PendingProgress[]): Promise<void> {
  await db.execute(sql`
    INSERT INTO watch_progress AS w
      (user_id, video_id, position, duration, finished, updated_at, hidden_from_continue)
    SELECT p.user_id, p.video_id, p.position, p.duration, p.finished, now(), false
    FROM unnest(${sql.param(rows.map((row) => row.userId))}::int[],
                ${sql.param(rows.map((row) => row.videoId))}::int[],
                ${sql.param(rows.map((row) => row.position))}::real[],
                ${sql.param(rows.map((row) => row.duration))}::real[],
                ${sql.param(rows.map((row) => row.finished))}::boolean[])
      AS p(user_id, video_id, position, duration, finished)
    JOIN users u ON u.id = p.user_id AND NOT u.history_paused
    JOIN videos v ON v.id = p.video_id
    ORDER BY p.user_id, p.video_id
    ON CONFLICT (user_id, video_id) DO UPDATE SET
      position = excluded.position, duration = excluded.duration, finished = excluded.finished,
      updated_at = excluded.updated_at, hidden_from_continue = false`);
}

/**
 * One statement for a batch's views and day totals:
 *  - marks: a viewer's mark of a video is written when absent or older than 6 hours; only then
 *    does the row come back, and only then is it a view. The row lock of ON CONFLICT makes this
 *    atomic, so two instances reporting the same viewer count one view;
 *  - the videos' view_count grows by their new views;
 *  - the day's row per video adds views, seconds watched and finishes;
 *  - the site's day row adds the same sums, and the viewers seen first today (daily_viewers).
 */
export async function writeViewsAndStats(
  db: Database,
  marks: { videoId: number; viewer: string }[],
  stats: PendingStats[],
  dayViewers: readonly string[] = [],
): Promise<void> {
  await db.execute(sql`
    WITH marked AS (
      INSERT INTO view_marks AS m (video_id, viewer, counted_at)
      SELECT i.video_id, i.viewer, now()
      FROM unnest(${sql.param(marks.map((mark) => mark.videoId))}::int[],
                  ${sql.param(marks.map((mark) => mark.viewer))}::text[]) AS i(video_id, viewer)
      JOIN videos v ON v.id = i.video_id
      ORDER BY i.video_id, i.viewer
      ON CONFLICT (video_id, viewer) DO UPDATE SET counted_at = excluded.counted_at
        WHERE m.counted_at < now() - interval '6 hours'
      RETURNING m.video_id
    ),
    views AS (SELECT video_id, count(*)::int AS n FROM marked GROUP BY video_id),
    counted AS (
      UPDATE videos SET view_count = videos.view_count + views.n
      FROM views WHERE videos.id = views.video_id
      RETURNING videos.id
    ),
    input AS (
      SELECT s.video_id, coalesce(views.n, 0) AS views, s.seconds, s.finishes
      FROM unnest(${sql.param(stats.map((row) => row.videoId))}::int[],
                  ${sql.param(stats.map((row) => Math.round(row.seconds)))}::bigint[],
                  ${sql.param(stats.map((row) => row.finishes))}::int[]) AS s(video_id, seconds, finishes)
      JOIN videos v ON v.id = s.video_id
      LEFT JOIN views ON views.video_id = s.video_id
    ),
    daily AS (
      INSERT INTO video_daily_stats AS d (video_id, day, views, seconds_watched, finishes)
      SELECT video_id, ${UTC_TODAY}, views, seconds, finishes FROM input
      ORDER BY video_id
      ON CONFLICT (video_id, day) DO UPDATE SET
        views = d.views + excluded.views,
        seconds_watched = d.seconds_watched + excluded.seconds_watched,
        finishes = d.finishes + excluded.finishes
      RETURNING 1
    ),
    first_seen AS (
      INSERT INTO daily_viewers (day, viewer)
      SELECT ${UTC_TODAY}, viewer FROM unnest(${sql.param([...dayViewers])}::text[]) AS viewer
      -- Sorted: two instances inserting the same keys take their locks in the same order.
      ORDER BY viewer
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    INSERT INTO site_daily_stats AS t (day, views, seconds_watched, finishes, viewers)
    SELECT ${UTC_TODAY}, coalesce(sum(views), 0), coalesce(sum(seconds), 0),
           coalesce(sum(finishes), 0), (SELECT count(*) FROM first_seen)
    FROM input
    ON CONFLICT (day) DO UPDATE SET
      views = t.views + excluded.views,
      seconds_watched = t.seconds_watched + excluded.seconds_watched,
      finishes = t.finishes + excluded.finishes,
      viewers = coalesce(t.viewers, 0) + excluded.viewers`);
}

/** Whether a video exists and is public: what a report of it needs. Undefined when unknown. */
export async function findVideoVisibility(
  db: Database,
  videoId: number,
): Promise<{ isPublic: boolean } | undefined> {
  const [row] = await queryRows<{ is_public: boolean }>(
    db,
    sql`SELECT is_public FROM videos WHERE id = ${videoId}`,
  );
  return row ? { isPublic: row.is_public } : undefined;
}

/**
 * Deletes day salts past 48 hours (today's and yesterday's stay) and view marks past 6 hours
 * (they can no longer stop a view). Idempotent: every instance may run it.
 */
export async function sweepViewData(db: Database): Promise<{ salts: number; marks: number }> {
  const [row] = await queryRows<{ salts: number; marks: number }>(
    db,
    sql`WITH salts AS (DELETE FROM view_salts WHERE day < ${UTC_TODAY} - 1 RETURNING 1),
             marks AS (DELETE FROM view_marks WHERE counted_at < now() - interval '6 hours' RETURNING 1),
             viewers AS (DELETE FROM daily_viewers
               WHERE day < ((now() - interval '10 minutes') AT TIME ZONE 'UTC')::date RETURNING 1)
        SELECT (SELECT count(*) FROM salts)::int AS salts, (SELECT count(*) FROM marks)::int AS marks`,
  );
  return row!;
}

/** Hides a video from a fan's Continue Watching (until they watch it again). */
export async function hideFromContinueWatching(
  db: Database,
  userId: number,
  videoId: number,
): Promise<void> {
  await db.execute(sql`UPDATE watch_progress SET hidden_from_continue = true
    WHERE user_id = ${userId} AND video_id = ${videoId}`);
}

/** Removes one video from a fan's history (its resume point goes with it), or all of them. */
export async function deleteHistory(
  db: Database,
  userId: number,
  videoId: number | null,
): Promise<number> {
  const rows = await queryRows<{ video_id: number }>(
    db,
    videoId === null
      ? sql`DELETE FROM watch_progress WHERE user_id = ${userId} RETURNING video_id`
      : sql`DELETE FROM watch_progress WHERE user_id = ${userId} AND video_id = ${videoId}
            RETURNING video_id`,
  );
  return rows.length;
}

export async function setHistoryPaused(
  db: Database,
  userId: number,
  paused: boolean,
): Promise<void> {
  await db.execute(sql`UPDATE users SET history_paused = ${paused} WHERE id = ${userId}`);
}

export type ListAddResult = 'added' | 'already' | 'full' | 'unknown';

/**
 * Adds a video to a fan's list. The user's row is locked first, in a statement of its own, so
 * the count after it sees every add that went before: two adds at once cannot both pass the cap.
 * Adding what is already there changes nothing, even at the cap.
 */
export async function addToMyList(
  db: Database,
  userId: number,
  videoId: number,
  includePrivate: boolean,
  max: number,
): Promise<ListAddResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    const [row] = await queryRows<{ found: boolean; already: boolean; added: boolean }>(
      tx,
      sql`WITH target AS (SELECT v.id FROM videos v
                     WHERE v.id = ${videoId} AND (v.is_public OR ${includePrivate}::boolean)),
          present AS (SELECT 1 FROM my_list WHERE user_id = ${userId} AND video_id = ${videoId}),
          added AS (
            INSERT INTO my_list (user_id, video_id, added_at)
            SELECT ${userId}, target.id, now() FROM target
            WHERE NOT EXISTS (SELECT 1 FROM present)
              AND (SELECT count(*) FROM my_list WHERE user_id = ${userId}) < ${max}
            ON CONFLICT DO NOTHING
            RETURNING 1)
          SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM present) AS already,
                 EXISTS (SELECT 1 FROM added) AS added`,
    );
    if (!row?.found) return 'unknown';
    if (row.added) return 'added';
    return row.already ? 'already' : 'full';
  });
}

export async function removeFromMyList(
  db: Database,
  userId: number,
  videoId: number,
): Promise<void> {
  await db.execute(sql`DELETE FROM my_list WHERE user_id = ${userId} AND video_id = ${videoId}`);
}
