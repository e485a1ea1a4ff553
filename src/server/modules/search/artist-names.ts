import { and, desc, not, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '@server/db/client.js';
import { artists } from '@server/db/schema.js';
import { likeNeedle } from '@server/lib/search-sql.js';
import type { ArtistRow } from '../artists/artist-presenter.js';

// The stored search_text(name); the user's text goes through search_text() on its side.
const name = artists.searchName;

/**
 * "The name contains the text, or resembles it word by word" (<%, at the current
 * pg_trgm.word_similarity_threshold), as the ids of a UNION of the two tests rather than one OR,
 * so each is planned alone: the substring test on the trigram index (or a cheap scan), the
 * similarity one through artists_resembling() (migration 0004), which keeps it on the index.
 */
function containsOrResembles(text: string): SQL {
  return sql`${artists.id} IN (
    SELECT a.id FROM artists a WHERE a.search_name LIKE '%' || ${likeNeedle(text)} || '%'
    UNION SELECT public.artists_resembling(public.search_text(${text}))
  )`;
}

/**
 * Artists whose name contains the text or resembles it (forgiving typos such as 'jonny cash'),
 * best first: the exact name, then names starting with the text, then the rest by word
 * similarity; equal ones in `tieBreak` order. Names starting with the text are asked for first,
 * from the trigram index, and often fill the list on their own; only when they do not is the
 * similarity of the other matches computed (for a short text, thousands: 'a' is in most names).
 */
export async function findArtistsByName(
  db: Database,
  text: string,
  options: { limit: number; tieBreak: (SQL | PgColumn)[] },
): Promise<ArtistRow[]> {
  const term = sql`public.search_text(${text})`;
  const startsWith = sql`${name} LIKE ${likeNeedle(text)} || '%'`;
  const closest = desc(sql`word_similarity(${term}, ${name})`);
  const leading = await db
    .select()
    .from(artists)
    .where(startsWith)
    .orderBy(desc(sql`${name} = ${term}`), closest, ...options.tieBreak)
    .limit(options.limit);
  if (leading.length === options.limit) return leading;
  const rest = await db
    .select()
    .from(artists)
    .where(and(containsOrResembles(text), not(startsWith)))
    .orderBy(closest, ...options.tieBreak)
    .limit(options.limit - leading.length);
  return [...leading, ...rest];
}
