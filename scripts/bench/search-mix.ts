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

/** The kinds of new search the bench measures one by one (issue 33): each its own row. */
export const SEARCH_KINDS = [
  'word pairs',
  'prefixes',
  'a typo in either word',
  'three words',
  'artist names',
  'words in descriptions only',
  'no result',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A scale-catalogue title: "First Last N – Adjective Noun (Live at Venue)" (seed-scale.ts). */
const SCALE_TITLE = /^(\S+) (\S+) (\d+) – (\S+) (\S+) \(/;
/** A scale-catalogue description: "Episode K: First Last N performs …". */
const EPISODE_NUMBER = /^Episode (\d+):/;

/**
 * Up to `perKind` new searches of each kind, made from these videos' titles and descriptions as a
 * fan would type them: two words of a title ("Beaumont Highway"), the same with the second word
 * cut to three letters as while typing, either word misspelt, three words, an artist's full
 * name, an episode number (in descriptions only), nonsense. None is one of `taken` (the other rows'
 * searches, which the page cache may still hold) nor asked twice.
 */
export function searchesByKind(
  videos: { title: string; description: string }[],
  perKind: number,
  taken: Iterable<string>,
): Record<SearchKind, string[]> {
  const seen = new Set([...taken].map((query) => query.toLowerCase()));
  const lists = Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, [] as string[]])) as Record<
    SearchKind,
    string[]
  >;
  const add = (kind: SearchKind, query: string) => {
    const key = query.toLowerCase();
    if (lists[kind].length >= perKind || seen.has(key)) return;
    seen.add(key);
    lists[kind].push(query);
  };
  videos.forEach((video, n) => {
    const title = SCALE_TITLE.exec(video.title);
    if (title) {
      const [, first, last, number, adjective, noun] = title as unknown as string[];
      // An artist's name and a song word, or the song's two words: the catalogue has a few
      // dozen of each, so every pairing is tried for a list of thousands.
      const pairs = [
        [last!, noun!],
        [first!, noun!],
        [last!, adjective!],
        [first!, adjective!],
        [adjective!, noun!],
      ];
      for (const [one, two] of pairs) {
        add('word pairs', `${one} ${two}`);
        add('prefixes', `${one} ${two!.slice(0, 3)}`);
        add('a typo in either word', `${oneLetterChanged(one!)} ${two}`);
        add('a typo in either word', `${one} ${oneLetterChanged(two!)}`);
      }
      add('three words', `${last} ${adjective} ${noun}`);
      add('three words', `${first} ${adjective} ${noun}`);
      add('artist names', `${first} ${last} ${number}`);
    }
    const episode = EPISODE_NUMBER.exec(video.description);
    if (episode) add('words in descriptions only', `episode ${episode[1]}`);
    add('no result', nonsense(1_000_000 + n));
  });
  return lists;
}

/**
 * Searches for the words in at least half of these videos ("live", "episode"), each page from
 * the first to `pages` once: the broadest searches a fan or a crawler following "next" can ask,
 * whose every match is counted and ranked (issue 33: 190–510 ms each before).
 */
export function commonWordSearchPaths(
  videos: { title: string; description: string }[],
  pages: number,
): string[] {
  const videosWith = new Map<string, number>();
  for (const video of videos) {
    const words = new Set(`${video.title} ${video.description}`.toLowerCase().match(/\p{L}+/gu));
    for (const word of words) videosWith.set(word, (videosWith.get(word) ?? 0) + 1);
  }
  const common = [...videosWith]
    .filter(([word, count]) => word.length > 1 && count * 2 >= videos.length)
    .map(([word]) => word)
    .sort();
  const paths: string[] = [];
  for (let page = 1; page <= pages; page += 1) {
    for (const word of common) paths.push(`${searchPath(word)}?page=${page}`);
  }
  return paths;
}
