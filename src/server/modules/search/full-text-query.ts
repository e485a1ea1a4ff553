/**
 * One word of a corrected query: kept as typed (a prefix), with words a typo away as alternatives
 * when given; or the words standing in for a misspelt one.
 */
export type QueryWord = { prefix: string; near?: string[] } | { anyOf: string[] };

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
      if ('prefix' in word) {
        // Numbers are whole words, as in the first query (search-query.ts).
        const typed = /^[0-9]+$/.test(word.prefix)
          ? lexeme(word.prefix)
          : `${lexeme(word.prefix)}:*`;
        const near = (word.near ?? []).map(lexeme);
        return near.length === 0 ? typed : `(${[typed, ...near].join(' | ')})`;
      }
      const alternatives = word.anyOf.map(lexeme);
      return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}
