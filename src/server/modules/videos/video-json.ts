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
    ${v}.tag_list AS tags
  ) video)`);
}

/** A JSON array of videos, in the order `orderBy` gives, or [] for none. */
export function videoJsonArray(alias: string, orderBy: string): SQL {
  return sql`coalesce(json_agg(${videoJson(alias)} ORDER BY ${sql.raw(orderBy)}), '[]'::json)`;
}
