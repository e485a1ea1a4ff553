import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { preparedPerDatabase } from '@server/db/prepared.js';
import { likeEscaped } from '@server/lib/search-sql.js';
import { artistJson } from '../artists/artist-json.js';
import { videoJson, visibleTo, type Visibility } from '../videos/video-json.js';
import { wordCompletions, wordLookupRows, type WordRow } from './word-corrections.js';

/** The artists a search shows, best first; the rest are counted. */
export const SEARCH_ARTISTS = 20;

/** A normalised word as a tsquery operand, quoted so that no word can form syntax. */
const lexeme = (word: SQL) =>
  sql`'''' || replace(replace(${word}, '\\', '\\\\'), '''', '''''') || ''''`;

/**
 * The search's first query over the typed words: each word normalised like the documents; the
 * others whole words, the last one (it may still be being typed) every word of the list that
 * begins with it, or a prefix when too many do (wordCompletions); numbers always whole
 * ('Episode 5' is not 'Episode 512'). Whole words are what the full-text index answers fastest:
 * a prefix gathers every word it begins first, and made a title pair's search 1.6x slower.
 */
export const typedQuery = sql`(
  SELECT string_agg(
    CASE WHEN w.word ~ '^[0-9]+$' OR w.n < w.last THEN ${lexeme(sql`w.word`)}
         ELSE coalesce(
           (SELECT '(' || string_agg(${lexeme(sql`c.word`)}, ' | ') || ')'
            FROM unnest(${wordCompletions(sql`w.word`)}) AS c(word)),
           ${lexeme(sql`w.word`)} || ':*')
    END,
    ' & ' ORDER BY w.n)
  FROM (
    SELECT n, word, max(n) FILTER (WHERE word <> '') OVER () AS last
    FROM (
      SELECT u.n, public.search_text(u.typed) AS word
      FROM unnest(${sql.placeholder('words')}::text[]) WITH ORDINALITY AS u(typed, n)
    ) normalised
  ) w
  WHERE w.word <> ''
)`;

/** The videos' order: every word in the title first, then newest first. */
export const videoOrder = (m: string) =>
  sql.raw(`${m}.in_title DESC, ${m}.published_at DESC, ${m}.id DESC`);
/** The artists' order: the exact name first, then names starting with the text, then by name. */
export const artistOrder = (a: string) =>
  sql.raw(`${a}.exact DESC, ${a}.starts DESC, ${a}.name, ${a}.id`);

/**
 * What a search matches, as common table expressions: `q` (the query and the normalised text),
 * `matches` (the videos: id, published_at, in_title) and `artist_matches` (artists' rows with
 * `exact` and `starts`). `query` replaces the typed words' query when set (a corrected one).
 */
export const searchMatches = (visibility: Visibility) =>
  sql`q AS (
          SELECT to_tsquery('pg_catalog.simple',
                   coalesce(${sql.placeholder('query')}::text, ${typedQuery})) AS query,
                 public.search_text(${sql.placeholder('term')}::text) AS term
        ), matches AS (
          SELECT v.id, v.published_at, v.search_title_document @@ q.query AS in_title
          FROM videos v, q WHERE v.search_document @@ q.query ${visibleTo(visibility)}
        ), artist_matches AS (
          SELECT a.*, a.search_name = q.term AS exact,
                 a.search_name LIKE ${likeEscaped(sql`q.term`)} || '%' AS starts
          FROM artists a, q WHERE a.search_name_document @@ q.query
        )`;

/** Administrators' searches find private videos too. */
export const visibilityOf = (includePrivate: boolean): Visibility =>
  includePrivate ? 'any' : 'public';

/**
 * A page of results as the API sends it (SearchData), from SQL for its parts: its artists' and
 * videos' JSON arrays, in order, and the two totals. One writer for every statement that pages.
 */
export const searchPageObject = (parts: {
  artists: SQL;
  videos: SQL;
  artistTotal: SQL;
  videoTotal: SQL;
}) => sql`json_build_object(
            'artists', ${parts.artists},
            'videos', ${parts.videos},
            'total', ${parts.artistTotal} + ${parts.videoTotal},
            'artistTotal', ${parts.artistTotal},
            'videoTotal', ${parts.videoTotal},
            'page', ${sql.placeholder('page')}::int,
            'pageSize', ${sql.placeholder('pageSize')}::int
          )::text`;

/**
 * One page of the site search in one prepared statement, written as JSON by the database: the
 * artists whose name holds every word (the exact name first, then names starting with the text),
 * and the videos whose title or description does (every word in the title first, each group
 * newest first), with the true number of each. The matching videos are read once, for the count
 * and the page together. `query` replaces the typed words' query when set (a corrected one).
 * When the typed words find no video, it also looks the words up for a correction.
 */
const searchStatement = (visibility: Visibility) =>
  preparedPerDatabase((db) =>
    db
      .select({
        json: sql<string>`search.json`,
        videoTotal: sql<number>`search.video_total`,
        artistIds: sql<number[]>`search.artist_ids`,
        videoIds: sql<number[]>`search.video_ids`,
        wordRows: sql<WordRow[] | null>`search.word_rows`,
      })
      .from(
        sql`(
        WITH ${searchMatches(visibility)}, video_page AS (
          -- Numbered after the LIMIT: a window over all the matches sorted every one of them
          -- (95,000 for a word in every title, spilling to disk) where a LIMIT keeps the best.
          SELECT p.id, row_number() OVER (ORDER BY ${videoOrder('p')}) AS ord
          FROM (
            SELECT m.* FROM matches m
            ORDER BY ${videoOrder('m')}
            OFFSET (${sql.placeholder('page')}::int - 1) * ${sql.placeholder('pageSize')}::int
            LIMIT ${sql.placeholder('pageSize')}::int
          ) p
        ), artist_page AS (
          SELECT p.*, row_number() OVER (ORDER BY ${artistOrder('p')}) AS ord
          FROM (
            SELECT a.* FROM artist_matches a
            ORDER BY ${artistOrder('a')}
            LIMIT ${sql.raw(String(SEARCH_ARTISTS))}
          ) p
        ), totals AS MATERIALIZED (
          -- Counted once: inlined, each use of a total below counted the matches again.
          SELECT (SELECT count(*) FROM matches)::int AS videos,
                 (SELECT count(*) FROM artist_matches)::int AS artists
        )
        SELECT ${searchPageObject({
          artists: sql`(SELECT coalesce(json_agg(${artistJson('ap')} ORDER BY ap.ord), '[]'::json)
                        FROM artist_page ap)`,
          videos: sql`(SELECT coalesce(json_agg(${videoJson('v')} ORDER BY vp.ord), '[]'::json)
                       FROM video_page vp JOIN videos v ON v.id = vp.id)`,
          artistTotal: sql`totals.artists`,
          videoTotal: sql`totals.videos`,
        })} AS json,
          totals.videos AS video_total,
          ARRAY(SELECT id FROM artist_page ORDER BY ord) AS artist_ids,
          ARRAY(SELECT id FROM video_page ORDER BY ord) AS video_ids,
          -- Only when the typed words found no video: what a corrected search needs, in this
          -- round trip rather than one more (a subquery in CASE runs only when reached).
          CASE WHEN totals.videos = 0 AND ${sql.placeholder('query')}::text IS NULL THEN (
            SELECT json_agg(json_build_object('n', l.n, 'word', l.word, 'known', l.known,
                                              'candidate', l.candidate,
                                              'completions', l.completions) ORDER BY l.n, l.rank)
            FROM ${wordLookupRows(sql`false`)} AS l
          ) END AS word_rows
        FROM totals
      ) AS search`,
      )
      .prepare(`search_page_${visibility}`),
  );

const statements = { public: searchStatement('public'), any: searchStatement('any') };

export interface SearchPageRequest {
  /** The words as typed (search-terms.ts); normalised by the database. */
  words: string[];
  /** A tsquery over normalised words that replaces the typed words' query (a corrected one). */
  query: string | null;
  /** The whole text as typed, for "the exact name first". */
  term: string;
  page: number;
  pageSize: number;
  includePrivate: boolean;
}

export interface SearchPageJson {
  /** SearchData as JSON text. */
  json: string;
  videoTotal: number;
  artistIds: number[];
  videoIds: number[];
  /** The words looked up for a correction, when the typed ones found no video (else null). */
  wordRows: WordRow[] | null;
}

export async function findSearchPageJson(
  db: Database,
  request: SearchPageRequest,
): Promise<SearchPageJson> {
  const statement = statements[visibilityOf(request.includePrivate)];
  const [row] = await statement(db).execute({
    words: request.words,
    query: request.query,
    term: request.term,
    page: request.page,
    pageSize: request.pageSize,
  });
  return row!;
}
