import { sql, type SQL } from 'drizzle-orm';
import { sqlAlias } from '@server/db/sql-alias.js';

/**
 * The API's video shape (shared/schemas/catalogue.ts videoSchema, as toVideo() in
 * video-presenter.ts writes it) built by the database from a row of videos named `alias`, so a
 * page of videos leaves PostgreSQL as JSON text in one round trip. video-json.test.ts holds the
 * two to the same answers. `to_json` of a row writes compact JSON, in the columns' order.
 */
export function videoJson(alias: string): SQL {
  const v = sqlAlias(alias);
  return sql.raw(`(SELECT to_json(video) FROM (SELECT
    ${v}.id,
    ${v}.id AS epid,
    ${v}.title,
    ${v}.description,
    CASE WHEN ${v}.thumbnail = '' THEN 'https://i.ytimg.com/vi/' || ${v}.youtube_id || '/hqdefault.jpg'
         ELSE ${v}.thumbnail END AS thumbnail,
    ${v}.youtube_id,
    'https://www.youtube.com/watch?v=' || ${v}.youtube_id AS youtube_url,
    'https://www.youtube.com/watch?v=' || ${v}.youtube_id AS link,
    ${v}.episode_number,
    ${v}.episode_number AS epnum,
    ${v}.is_public AS public_state,
    to_char(${v}.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at,
    ${v}.like_count,
    ${v}.view_count,
    ${v}.tag_list AS tags
  ) video)`);
}

/** A JSON array of videos, in the order `orderBy` gives, or [] for none. */
export function videoJsonArray(alias: string, orderBy: string): SQL {
  return sql`coalesce(json_agg(${videoJson(alias)} ORDER BY ${sql.raw(orderBy)}), '[]'::json)`;
}

/** Who a statement lists videos for: visitors (public videos only) or administrators (any). */
export type Visibility = 'public' | 'any';

/** What hides private videos (of a row named `v`) from visitors, to follow a WHERE condition. */
export function visibleTo(visibility: Visibility): SQL {
  return sql.raw(visibility === 'public' ? 'AND v.is_public' : '');
}

/**
 * A window of the videos with one tag, newest first, for a CROSS JOIN LATERAL: `list`, their
 * JSON in that order, and `ids`. `tagId` is the outer query's tag column; `window` the LIMIT
 * (and OFFSET) that picks the page. Ids are numbered first and joined back for their JSON, so
 * the JSON is written for the page's videos only.
 */
export function taggedVideosWindow(tagId: SQL, visibility: Visibility, window: SQL): SQL {
  return sql`(
    SELECT ${videoJsonArray('v', 'page.ord')} AS list,
           coalesce(array_agg(page.id ORDER BY page.ord), '{}') AS ids
    FROM (
      SELECT v.id, row_number() OVER (ORDER BY v.published_at DESC, v.id DESC) AS ord
      FROM video_tags vt JOIN videos v ON v.id = vt.video_id
      WHERE vt.tag_id = ${tagId} ${visibleTo(visibility)}
      ORDER BY v.published_at DESC, v.id DESC
      ${window}
    ) page JOIN videos v ON v.id = page.id
  )`;
}
