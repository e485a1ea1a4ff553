/** More words than this add cost without narrowing anything a person would type. */
const MAX_WORDS = 8;

/**
 * Letters (with their combining accents) and digits; modifier letters such as ʼ are left out
 * because unaccent turns them into punctuation that would make an empty full-text query.
 */
const WORD = /(?:(?!\p{Lm})[\p{L}\p{N}\p{M}])+/gu;

/**
 * The words of a search term, for the full-text side of the search. Everything else (quotes,
 * tsquery operators, LIKE wildcards, backslashes) separates words, so no input can form syntax.
 */
export function searchWords(term: string): string[] {
  // A word of accents alone (a lone U+0301) is no word: unaccent would leave nothing of it.
  const words = (term.match(WORD) ?? []).filter((word) =>
    /[\p{L}\p{N}]/u.test(word.replace(/\p{Lm}/gu, '')),
  );
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, MAX_WORDS);
}
