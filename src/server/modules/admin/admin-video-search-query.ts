import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { likeEscaped } from '@server/lib/search-sql.js';
import { typedQuery } from '../search/search-query.js';
import { videoJson } from '../videos/video-json.js';

/**
 * The admin's title search, private videos included, in one prepared statement written as JSON
 * by the database, on the site search's index: titles holding the words, or words a typo away
 * (`nearQuery`, from wordsWithNearOnes), or titles containing the text as typed, which is how an
 * admin finds a fragment or punctuation (the trigram index). The exact title first, then titles
 * starting with the text, then those holding the words or the text, then the near ones; each
 * group newest first.
 */
const adminSearchStatement = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`search.json`,
      videoIds: sql<number[]>`search.video_ids`,
    })
    .from(
      sql`(
        WITH q AS (
          SELECT to_tsquery('pg_catalog.simple', ${typedQuery}) AS typed,
                 to_tsquery('pg_catalog.simple', ${sql.placeholder('nearQuery')}::text) AS near,
                 public.search_text(${sql.placeholder('term')}::text) AS term
        ), needle AS (
          SELECT '%' || ${likeEscaped(sql`q.term`)} || '%' AS contains FROM q
        ), matches AS (
          SELECT v.id, v.published_at,
                 CASE WHEN v.search_title = q.term THEN 0
                      WHEN v.search_title LIKE ${likeEscaped(sql`q.term`)} || '%' THEN 1
                      WHEN v.search_title_document @@ q.typed
                        OR v.search_title LIKE needle.contains THEN 2
                      ELSE 3 END AS tier
          FROM videos v, q, needle
          WHERE v.search_title_document @@ q.near OR v.search_title LIKE needle.contains
        ), video_page AS (
          -- Numbered after the LIMIT, which keeps the best rows; a window over all the matches
          -- sorted every one of them first.
          SELECT p.id, row_number() OVER (ORDER BY p.tier, p.published_at DESC, p.id DESC) AS ord
          FROM (
            SELECT m.* FROM matches m
            ORDER BY m.tier, m.published_at DESC, m.id DESC
            OFFSET (${sql.placeholder('page')}::int - 1) * ${sql.placeholder('pageSize')}::int
            LIMIT ${sql.placeholder('pageSize')}::int
          ) p
        )
        SELECT json_build_object(
            'videos', (SELECT coalesce(json_agg(${videoJson('v')} ORDER BY vp.ord), '[]'::json)
                       FROM video_page vp JOIN videos v ON v.id = vp.id),
            'pageInfo', json_build_object(
              'videoResults', (SELECT count(*) FROM matches)::int,
              'page', ${sql.placeholder('page')}::int,
              'pageSize', ${sql.placeholder('pageSize')}::int)
          )::text AS json,
          ARRAY(SELECT id FROM video_page ORDER BY ord) AS video_ids
      ) AS search`,
    )
    .prepare('admin_video_search'),
);

export interface AdminSearchRequest {
  /** The words as typed (search-terms.ts). */
  words: string[];
  /** The tsquery over the words and those a typo away from them. */
  nearQuery: string;
  term: string;
  page: number;
  pageSize: number;
}

/** AdminVideoSearchResult as JSON text, and the videos it shows. */
export async function findAdminSearchJson(
  db: Database,
  request: AdminSearchRequest,
): Promise<{ json: string; videoIds: number[] }> {
  const [row] = await adminSearchStatement(db).execute({ ...request });
  return row!;
}
