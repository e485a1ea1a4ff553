/**
 * One word of a corrected query: kept as typed, with words a typo away as alternatives when
 * given; or the words standing in for a misspelt one. A kept word is asked as the words of the
 * list that begin with it when `completions` holds them (the index answers exact words ~5x
 * faster, search-query.ts), else as a prefix.
 */
export type QueryWord =
  { prefix: string; completions?: string[] | null; near?: string[] } | { anyOf: string[] };

function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function alternatives(words: string[]): string {
  return words.length === 1 ? words[0]! : `(${words.join(' | ')})`;
}

function keptWord(word: string, completions: string[] | null | undefined): string[] {
  // Numbers are whole words, as in the first query (search-query.ts).
  if (/^[0-9]+$/.test(word)) return [lexeme(word)];
  if (completions && completions.length > 0) return completions.map(lexeme);
  return [`${lexeme(word)}:*`];
}

/**
 * The text of a tsquery over already normalised words: a kept word as its completions or a
 * prefix, a corrected one as its alternatives, exactly (`'dusty':* & ('train' | 'brain')`).
 */
export function correctedQueryText(words: QueryWord[]): string {
  return words
    .map((word) => {
      if ('prefix' in word) {
        const kept = keptWord(word.prefix, word.completions);
        const near = (word.near ?? []).map(lexeme).filter((other) => !kept.includes(other));
        return alternatives([...kept, ...near]);
      }
      return alternatives(word.anyOf.map(lexeme));
    })
    .join(' & ');
}
