import { sql, type SQL } from 'drizzle-orm';

/**
 * A user's text normalised like indexed text (lower case, no accents) with LIKE's wildcards
 * escaped, for `column LIKE '%' || <this> || '%'`. Escaping happens after normalising: unaccent
 * turns a full-width ％ into %, so escaping the raw input first would let it through as a wildcard.
 */
export function likeNeedle(text: string): SQL {
  return sql`replace(replace(replace(public.search_text(${text}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}
