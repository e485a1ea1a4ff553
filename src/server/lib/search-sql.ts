import { sql, type SQL } from 'drizzle-orm';

/**
 * A user's text normalised like indexed text (lower case, no accents) with LIKE's wildcards
 * escaped, for `column LIKE '%' || <this> || '%'`. Escaping happens after normalising: unaccent
 * turns a full-width ％ into %, so escaping the raw input first would let it through as a wildcard.
 */
export function likeNeedle(text: string): SQL {
  return likeEscaped(sql`public.search_text(${text})`);
}

/** Already normalised text (an SQL expression) with LIKE's wildcards and escape escaped. */
export function likeEscaped(normalised: SQL): SQL {
  return sql`replace(replace(replace(${normalised}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}
