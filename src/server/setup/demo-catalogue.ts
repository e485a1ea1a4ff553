/**
 * The invented demo catalogue: names and words that read like a country-music show. Everything is
 * derived from a seeded generator so every fresh install shows the same site.
 */
export const DEMO_CATEGORIES = [
  'Live Performances',
  'Acoustic Sessions',
  'Interviews',
  'Behind the Scenes',
  'Honky-Tonk Nights',
  'Bluegrass Corner',
  'Outlaw Country',
  'New Releases',
  'Songwriters Round',
  'Classic Covers',
  'Festival Highlights',
  'Holiday Specials',
] as const;

const FIRST_NAMES = [
  'Wade',
  'June',
  'Colt',
  'Loretta',
  'Hank',
  'Tammy',
  'Boone',
  'Emmylou',
  'Travis',
  'Reba',
  'Waylon',
  'Patsy',
  'Garrett',
  'Dottie',
  'Clay',
  'Maybelle',
  'Dusty',
  'Lacey',
  'Rhett',
  'Sierra',
  'Jolene',
  'Cody',
  'Willa',
  'Jesse',
  'Annie',
  'Buck',
  'Ruby',
  'Tucker',
  'Georgia',
  'Luke',
  'Della',
  'Shane',
  'Callie',
  'Amos',
  'Ivy',
  'Beau',
  'Hattie',
  'Levi',
  'Opal',
  'Zeke',
];

const LAST_NAMES = [
  'Hollister',
  'Caldwell',
  'Bramlett',
  'Whitaker',
  'McCrae',
  'Tolliver',
  'Ashby',
  'Pruitt',
  'Langford',
  'Delaney',
  'Harlan',
  'Sutter',
  'Kincaid',
  'Ransom',
  'Beaumont',
  'Cassidy',
  'Driscoll',
  'Everly',
  'Fairchild',
  'Garrison',
  'Holloway',
  'Jessup',
  'Keller',
  'Lowry',
  'Maddox',
  'Nolan',
  'Overstreet',
  'Pickett',
  'Quinlan',
  'Rutledge',
  'Sawyer',
  'Tate',
  'Underwood',
  'Vance',
  'Wheeler',
  'Yates',
  'Boyd',
  'Crowell',
  'Dunbar',
  'Ellery',
];

const SONG_WORDS = [
  [
    'Dusty',
    'Midnight',
    'Whiskey',
    'Tennessee',
    'Broken',
    'Gravel',
    'Neon',
    'Lonesome',
    'Sweet',
    'Long',
    'Muddy',
    'Silver',
    'Backroad',
    'Red Dirt',
    'Honeysuckle',
    'Cotton',
  ],
  [
    'Highway',
    'Heart',
    'River',
    'Porch Light',
    'Rodeo',
    'Kitchen',
    'Sunday',
    'Moonshine',
    'Train',
    'Prayer',
    'Boots',
    'Harvest',
    'Wildflower',
    'Jukebox',
    'Dancehall',
    'Tailgate',
  ],
];

const VENUES = [
  'the Twang Stage',
  'the Barn Loft',
  'the Ryman Steps',
  'Studio B',
  'the Back Porch',
  'the Honky-Tonk Hall',
  'the County Fair',
  'the Riverside Amphitheater',
];

/** mulberry32: tiny, fast and good enough to pick demo words. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

export function demoArtistName(index: number): string {
  return `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[(index * 7) % LAST_NAMES.length]}`;
}

export function demoArtistBio(name: string, random: () => number): string {
  const home = pick(random, [
    'East Tennessee',
    'the Texas Hill Country',
    'western Kentucky',
    'the Oklahoma panhandle',
    'the Blue Ridge',
    'south Georgia',
    'Bakersfield',
  ]);
  const sound = pick(random, [
    'fiddle-driven honky-tonk',
    'front-porch bluegrass',
    'outlaw-leaning story songs',
    'pedal-steel ballads',
    'high-lonesome harmonies',
  ]);
  return (
    `${name} grew up in ${home} and has been playing ${sound} since their teens. ` +
    `A regular on the show, ${name.split(' ')[0]} brings new songs and old favourites to every visit.`
  );
}

export function demoSongTitle(random: () => number): string {
  return `${pick(random, SONG_WORDS[0]!)} ${pick(random, SONG_WORDS[1]!)}`;
}

export function demoVenue(random: () => number): string {
  return pick(random, VENUES);
}

/** Invented, well-formed YouTube ids (11 of [0-9A-Za-z_-]); the demo does not depend on YouTube. */
export function demoYoutubeId(random: () => number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let id = '';
  for (let i = 0; i < 11; i += 1) id += alphabet[Math.floor(random() * 64)];
  return id;
}
