import { sql, type SQL } from 'drizzle-orm';
import { CONTINUE_WATCHING_MAX } from '@shared/schemas/watching.js';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { queryRows } from '@server/db/query-rows.js';
import { isoTimeText, videoJson } from '../videos/video-json.js';
import {
  userVideoPageStatement,
  visibleToReader,
  visibleVideoCount,
  visibleVideoPage,
  type UserVideoPageRequest,
  type UserVideoTable,
} from '../videos/user-video-pages.js';

/** A timestamp as the API writes it (UTC, milliseconds), as videoJson writes published_at. */
const isoTime = (column: string): SQL => sql.raw(isoTimeText(column));

const userId = sql.placeholder('userId');
const history: UserVideoTable = { table: 'watch_progress', time: 'updated_at' };
const myList: UserVideoTable = { table: 'my_list', time: 'added_at' };

export interface StoredProgress {
  position: number;
  duration: number;
  finished: boolean;
  updated_at: string;
}

/** A fan's resume point in one video, if they have one. */
export async function findProgress(
  db: Database,
  user: number,
  videoId: number,
): Promise<StoredProgress | undefined> {
  const [row] = await queryRows<StoredProgress>(
    db,
    sql`SELECT position, duration, finished, ${isoTime('updated_at')} AS updated_at
        FROM watch_progress WHERE user_id = ${user} AND video_id = ${videoId}`,
  );
  return row;
}

/**
 * Continue Watching: the newest unfinished, not hidden, public videos of a fan, each a Video with
 * its progress. Walks watch_progress_user_recent_idx newest first and stops at the 12th.
 */
const continueWatchingStatement = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`(SELECT coalesce(json_agg(item.video ORDER BY item.updated_at DESC, item.video_id DESC), '[]'::json)::text
        FROM (
          SELECT w.updated_at, w.video_id,
            (${videoJson('v')}::jsonb || jsonb_build_object('progress', jsonb_build_object(
              'position', w.position, 'duration', w.duration,
              'updated_at', ${isoTime('w.updated_at')}))) AS video
          FROM watch_progress w JOIN videos v ON v.id = w.video_id
          WHERE w.user_id = ${userId} AND NOT w.finished AND NOT w.hidden_from_continue AND v.is_public
          ORDER BY w.updated_at DESC, w.video_id DESC
          LIMIT ${sql.raw(String(CONTINUE_WATCHING_MAX))}
        ) item)`,
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare('continue_watching'),
);

export async function findContinueWatchingJson(db: Database, user: number): Promise<string> {
  const [row] = await continueWatchingStatement(db).execute({ userId: user });
  return row!.json;
}

/** A page of a fan's history (their resume points, newest first), as the History shape. */
const historyStatement = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`json_build_object(
        'items', (
          SELECT coalesce(json_agg(json_build_object(
              'video', ${videoJson('v')},
              'position', page.position, 'duration', page.duration, 'finished', page.finished,
              'watched_at', ${isoTime('page.updated_at')})
            ORDER BY page.updated_at DESC, page.video_id DESC), '[]'::json)
          FROM (${visibleVideoPage(history, ['position', 'duration', 'finished'])}) page
          JOIN videos v ON v.id = page.video_id),
        'page', ${sql.placeholder('page')}::int,
        'pageSize', ${sql.placeholder('pageSize')}::int,
        'total', ${visibleVideoCount(history)},
        'paused', coalesce((SELECT u.history_paused FROM users u WHERE u.id = ${userId}), false)
      )::text`,
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare('watch_history_page'),
);

export type WatchPage = UserVideoPageRequest;

export async function findHistoryJson(db: Database, request: WatchPage): Promise<string> {
  const [row] = await historyStatement(db).execute({ ...request });
  return row!.json;
}

/** A page of My List, newest added first, as `{ videos, pageInfo }`. */
export const findMyListJson = userVideoPageStatement(myList, 'my_list_page');

/** Every video id in a fan's list that they may see, newest added first (to mark cards). */
export async function findMyListIds(
  db: Database,
  user: number,
  includePrivate: boolean,
): Promise<number[]> {
  const rows = await queryRows<{ video_id: number }>(
    db,
    sql`SELECT l.video_id FROM my_list l
        WHERE l.user_id = ${user} AND ${visibleToReader(includePrivate)}
        ORDER BY l.added_at DESC, l.video_id DESC`,
  );
  return rows.map((row) => row.video_id);
}
