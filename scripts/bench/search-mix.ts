/**
 * Search queries that the seeded catalogues answer: hits (artist names and song words the demo
 * generator uses, so they exist in the demo and in the scale catalogue alike), misses (nonsense)
 * and typos (a hit with one letter changed, which the trigram side of the search must forgive).
 */
import { demoArtistName } from '@server/setup/demo-catalogue.js';

export interface Typo {
  query: string;
  /** A word the answer must contain (an artist's name or a video's title) to count as found. */
  expect: string;
}

/** One letter near the end changed: 'Hollister' -> 'Hollistar'. */
function oneLetterChanged(word: string): string {
  const at = word.length - 2;
  const replacement = word[at] === 'a' ? 'e' : 'a';
  return word.slice(0, at) + replacement + word.slice(at + 1);
}

function nameParts(index: number): [string, string] {
  const [first, last] = demoArtistName(index).split(' ');
  return [first!, last!];
}

export const SEARCH_HITS: string[] = [
  demoArtistName(0),
  demoArtistName(9),
  nameParts(14)[0],
  nameParts(21)[1],
  'Whiskey',
  'Tennessee Highway',
  'Moonshine',
  'porch light',
  'Ryman',
  'Honeysuckle',
];

export const SEARCH_MISSES: string[] = [
  'xylophone',
  'qzxwvj',
  'submarine disco',
  'pineapple',
  'zzyzx',
  'quantum harpsichord',
];

export const SEARCH_TYPOS: Typo[] = [
  ...[0, 3, 14, 27].map((index) => {
    const [first, last] = nameParts(index);
    return { query: `${first} ${oneLetterChanged(last)}`, expect: last };
  }),
  ...['Tennessee', 'Moonshine', 'Honeysuckle', 'Wildflower'].map((word) => ({
    query: oneLetterChanged(word),
    expect: word,
  })),
];

/** Hits, typos and misses interleaved (10 + 8 + 6 queries). */
export function searchMix(): string[] {
  const lists = [SEARCH_HITS, SEARCH_TYPOS.map((typo) => typo.query), SEARCH_MISSES];
  const longest = Math.max(...lists.map((list) => list.length));
  const mix: string[] = [];
  for (let i = 0; i < longest; i += 1) {
    for (const list of lists) if (list[i] !== undefined) mix.push(list[i]!);
  }
  return mix;
}

export function searchPath(query: string): string {
  return `/api/search/${encodeURIComponent(query)}`;
}

/** Letters for nonsense words: 0 -> 'qa', 1 -> 'qb', ..., so every miss is a new word. */
function nonsense(n: number): string {
  let word = '';
  for (let rest = n; word.length < 4 || rest > 0; rest = Math.floor(rest / 26)) {
    word += String.fromCharCode(97 + (rest % 26));
  }
  return `zq${word}`;
}

/**
 * `count` different queries in the mix's proportions (10 hits : 8 typos : 6 misses), none
 * repeated, for the figures of searches the page cache has not seen: each scale-catalogue
 * artist's full name (seed-scale.ts numbers them from the 41st), the same with its last name
 * misspelt, and nonsense.
 */
export function uncachedSearches(count: number): string[] {
  const queries: string[] = [];
  for (let n = 0; queries.length < count; n += 1) {
    const index = 40 + n;
    const [first, last] = nameParts(index);
    const suffix = String(Math.floor(index / 40));
    const kind = n % 12;
    if (kind < 5) queries.push(`${first} ${last} ${suffix}`);
    else if (kind < 9) queries.push(`${first} ${oneLetterChanged(last)} ${suffix}`);
    else queries.push(`${nonsense(n)} ${suffix}`);
  }
  return queries;
}
