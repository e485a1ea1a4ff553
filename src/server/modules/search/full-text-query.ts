import { sql, type SQL } from 'drizzle-orm';

/**
 * `'word':* & 'word':*` in the simple configuration, each word normalised like the documents and
 * quoted as a tsquery lexeme (quotes and backslashes doubled), so input never forms operators.
 * Only immutable functions go in, so the planner folds the query to a constant once; a stable one
 * such as array_to_string would leave it (and unaccent) to be run again for every row filtered.
 */
export function prefixQuery(words: string[]): SQL {
  // A word that normalises to nothing becomes '' and is left out: an empty lexeme ('':*) would be
  // a tsquery syntax error. Every part starts with ' & '; substr drops the first one.
  const parts = words.map(
    (word) =>
      sql`coalesce(' & ''' || replace(replace(nullif(public.search_text(${word}), ''), '\\', '\\\\'), '''', '''''') || ''':*', '')`,
  );
  return sql`to_tsquery('pg_catalog.simple', substr(${sql.join(parts, sql` || `)}, 4))`;
}

/** One word of a corrected query: kept as typed (a prefix), or the words standing in for it. */
export type QueryWord = { prefix: string } | { anyOf: string[] };

function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The text of a tsquery over already normalised words: a kept word as a prefix, a corrected one as
 * its alternatives, exactly (`'dusty':* & ('train' | 'brain')`).
 */
export function correctedQueryText(words: QueryWord[]): string {
  return words
    .map((word) => {
      if ('prefix' in word) return `${lexeme(word.prefix)}:*`;
      const alternatives = word.anyOf.map(lexeme);
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}

export function correctedQuery(words: QueryWord[]): SQL {
  return sql`to_tsquery('pg_catalog.simple', ${correctedQueryText(words)})`;
}
