import { sql, type SQL } from 'drizzle-orm';
import { sqlAlias } from '@server/db/sql-alias.js';

/**
 * The API's artist shape (shared/schemas/catalogue.ts artistSchema), built by the database from a
 * row of artists named `alias`: its one writer, for page statements and presentArtists alike.
 * artist-json.test.ts checks it against the schema, field for field.
 */
export function artistJson(alias: string): SQL {
  const a = sqlAlias(alias);
  return sql.raw(`(SELECT to_json(artist) FROM (SELECT
    ${a}.id,
    ${a}.id AS artistid,
    ${a}.name,
    ${a}.description,
    ${a}.image_url AS image,
    ${a}.image_url AS img_path,
    CASE WHEN ${a}.featured THEN 1 ELSE 0 END AS featured,
    ${a}.tag_id AS tagid,
    ${a}.like_count
  ) artist)`);
}
