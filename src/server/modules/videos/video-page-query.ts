import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { videoJson, videoJsonArray } from './video-json.js';

/** How many videos the video page suggests. */
export const SUGGESTED_VIDEOS = 12;

// Written into the statement rather than bound: with the id its only parameter, PostgreSQL keeps
// one generic plan for it instead of planning every execution again (planning cost more than
// running it: 1.1 ms against 0.65 ms).
const LIMIT = sql.raw(String(SUGGESTED_VIDEOS));
const TOP_UP = sql.raw(String(SUGGESTED_VIDEOS * 2));

/**
 * The video page in one prepared statement, written as JSON by the database: the video, then the
 * videos sharing the most tags with it (kept in video_suggestions, ranked on the spot for a video
 * not yet there), topped up with the newest public videos. Private videos are suggested to no
 * one; the video itself is found when public, or for administrators.
 */
const videoPageStatement = (visibility: 'public' | 'any') =>
  preparedPerDatabase((db) =>
    db
      .select({
        json: sql<string>`json_build_object(
        'video', ${videoJson('v')},
        'suggestedVideos', coalesce(suggested.list, '[]'::json))::text`,
        suggestedIds: sql<number[]>`coalesce(suggested.ids, '{}')`,
      })
      .from(
        sql`videos v
      CROSS JOIN LATERAL (
        SELECT coalesce(
          (SELECT kept.ids FROM video_suggestions kept WHERE kept.video_id = v.id),
          public.suggested_video_ids(v.id)
        ) AS ids
      ) sharing
      LEFT JOIN LATERAL (
        SELECT ${videoJsonArray('s', 'picked.ord')} AS list,
               array_agg(s.id ORDER BY picked.ord) AS ids
        FROM (
          SELECT first.id, first.ord FROM (
            SELECT DISTINCT ON (candidate.id) candidate.id, candidate.ord FROM (
              SELECT shared.id, shared.ord FROM unnest(sharing.ids) WITH ORDINALITY AS shared(id, ord)
              UNION ALL
              SELECT newest.id, ${LIMIT} + newest.ord FROM (
                SELECT n.id, row_number() OVER (ORDER BY n.published_at DESC, n.id DESC) AS ord
                FROM videos n WHERE n.is_public AND n.id <> v.id
                ORDER BY n.published_at DESC, n.id DESC LIMIT ${TOP_UP}
              ) newest
              -- Only when sharing tags leaves room: a one-time test, so usually never read.
              WHERE cardinality(sharing.ids) < ${LIMIT}
            ) candidate
            ORDER BY candidate.id, candidate.ord
          ) first
          ORDER BY first.ord LIMIT ${LIMIT}
        ) picked
        -- Kept and ranked lists hold public videos only; this is the guard for the top-up.
        JOIN videos s ON s.id = picked.id AND s.is_public
      ) suggested ON true`,
      )
      .where(
        visibility === 'public'
          ? sql`v.id = ${sql.placeholder('id')} AND v.is_public`
          : sql`v.id = ${sql.placeholder('id')}`,
      )
      .prepare(`video_page_${visibility}`),
  );

const statements = { public: videoPageStatement('public'), any: videoPageStatement('any') };

export interface VideoPageJson {
  /** `{video, suggestedVideos}` as JSON text. */
  json: string;
  /** Every video the page shows: the video, then its suggestions. */
  shownIds: number[];
}

/** The page of video `id`, or null when it does not exist (or is private, for visitors). */
export async function findVideoPageJson(
  db: Database,
  id: number,
  options: { includePrivate: boolean },
): Promise<VideoPageJson | null> {
  const statement = statements[options.includePrivate ? 'any' : 'public'];
  const [row] = await statement(db).execute({ id });
  return row ? { json: row.json, shownIds: [id, ...row.suggestedIds] } : null;
}
