import { fillPath, matchSegments, segmentsOf } from './path-patterns.js';
import { PAGE_NAMES, PUBLIC_PAGES, publicPage, type PageName } from './public-pages.js';

/**
 * The site's page addresses and links. The public pages' patterns are those PUBLIC_PAGES
 * declares; the server reads the same patterns to answer 404 for a path no page has. No zod here:
 * the first page load imports this.
 */
export const PAGE_PATHS = Object.fromEntries(
  PAGE_NAMES.map((name) => [name, PUBLIC_PAGES[name].path]),
) as { readonly [K in PageName]: (typeof PUBLIC_PAGES)[K]['path'] };

/**
 * Where the top bar's search form sends its words without JavaScript (GET /search?q=words); the
 * server redirects to the search page for them.
 */
export const SEARCH_FORM_PATH = '/search';

/** The back-office's login; its screens are below it. */
export const ADMIN_PATH = '/admin';

/** The back-office's screens, relative to ADMIN_PATH (the router nests them there). */
export const ADMIN_SCREENS = {
  dashboard: 'dashboard',
  videos: 'videos',
  newVideo: 'newVideo',
  editVideo: 'editVideo/:id',
  artistDashboard: 'artistDashboard',
  newArtist: 'newArtist',
  editArtist: 'editArtist/:id',
  userDashboard: 'userDashboard',
  ownAccount: 'ownAccount',
  audit: 'audit',
  analytics: 'analytics',
  episodeAnalytics: 'analytics/videos/:id',
  channels: 'channels',
  newsletter: 'newsletter',
  newAdmin: 'newAdmin',
} as const;

export type AdminScreen = keyof typeof ADMIN_SCREENS;

/** Links to the public pages. */
export const pageLink = {
  home: PAGE_PATHS.home,
  video: (id: number | string) => fillPath(PAGE_PATHS.video, { id }),
  artists: PAGE_PATHS.artists,
  artist: (id: number | string) => fillPath(PAGE_PATHS.artist, { id }),
  category: (id: number | string) => fillPath(PAGE_PATHS.category, { id }),
  /** A search's results from `page` on (?page=N: the 40 videos from the (N-1)*40+1st). */
  search: (words: string, page = 1) =>
    fillPath(PAGE_PATHS.search, { query: words }) + (page > 1 ? `?page=${page}` : ''),
  account: PAGE_PATHS.account,
  about: PAGE_PATHS.about,
  privacy: PAGE_PATHS.privacy,
  unsubscribe: PAGE_PATHS.unsubscribe,
} as const;

const screen = (name: AdminScreen) => `${ADMIN_PATH}/${ADMIN_SCREENS[name]}`;

/** Links to the back-office's screens. */
export const adminLink = {
  login: ADMIN_PATH,
  dashboard: screen('dashboard'),
  videos: screen('videos'),
  newVideo: screen('newVideo'),
  editVideo: (id: number | string) => fillPath(screen('editVideo'), { id }),
  artistDashboard: screen('artistDashboard'),
  newArtist: screen('newArtist'),
  editArtist: (id: number | string) => fillPath(screen('editArtist'), { id }),
  userDashboard: screen('userDashboard'),
  ownAccount: screen('ownAccount'),
  audit: screen('audit'),
  analytics: screen('analytics'),
  episodeAnalytics: (id: number | string) => fillPath(screen('episodeAnalytics'), { id }),
  channels: screen('channels'),
  newsletter: screen('newsletter'),
  newAdmin: screen('newAdmin'),
} as const;

// Split once: every page request matches its path against these, several times.
const PAGE_SEGMENTS = PAGE_NAMES.map((page) => [page, segmentsOf(PAGE_PATHS[page])] as const);

/** Which public page lives at `path`, with its parameters, or null. */
export function matchPage(path: string): { page: PageName; params: Record<string, string> } | null {
  const got = segmentsOf(path);
  for (const [page, segments] of PAGE_SEGMENTS) {
    const params = matchSegments(segments, got);
    if (params) return { page, params };
  }
  return null;
}

/**
 * The API path (under /api, query included) of the read a first load of `path` makes, as its
 * page's declaration gives it; null when it makes none, or when the path names nothing a read
 * could find (/videos/abc, a malformed escape): the page shows its error without one.
 */
export function firstReadOf(path: string): string | null {
  const found = matchPage(path);
  if (!found) return null;
  const { firstRead, subject } = publicPage(found.page);
  if (!firstRead || (subject && idOfSegment(found.params.id) === null)) return null;
  try {
    const params = Object.fromEntries(
      Object.entries(found.params).map(([name, value]) => [name, decodeURIComponent(value)]),
    );
    return `/api${firstRead(params)}`;
  } catch {
    return null; // A malformed escape.
  }
}

/** Ids beyond a PostgreSQL integer cannot exist; asking the database would only raise an error. */
const MAX_ID = 2_147_483_647;

/** The id a path segment names, or null when it cannot name a row (/videos/abc, /videos/0). */
export function idOfSegment(segment: string | undefined): number | null {
  if (!segment || !/^\d{1,10}$/.test(segment)) return null;
  const id = Number(segment);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** As far as the API pages a list (its `page` parameter's maximum). */
const MAX_LIST_PAGE = 1_000_000;

/**
 * The page of a paged list an address asks for (`?page=N`, counted from 1): the list starts
 * there, and its Load more is a link to the next one, so it pages without JavaScript too. 1 when
 * the address names none, or nothing a page could be.
 */
export function listPageOf(query: URLSearchParams): number {
  const text = query.get('page') ?? '';
  if (!/^\d{1,7}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= MAX_LIST_PAGE ? page : 1;
}

/**
 * The address the server draws for a page request: its path, and of its query only what changes
 * the page (a search's ?page=, in one spelling), so any other query shows the same drawn page.
 */
export function drawnAddress(path: string, query: URLSearchParams): string {
  if (matchPage(path)?.page !== 'search') return path;
  const page = listPageOf(query);
  return page > 1 ? `${path}?page=${page}` : path;
}

const isAdminPath = (path: string) => path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`);

/** Whether a page of the site lives at `path` (a decoded path without its query). */
export function isSitePath(path: string): boolean {
  return isAdminPath(path) || matchPage(path) !== null;
}

/**
 * Whether the server renders the page at `path`: the public pages (the account as a sign-in
 * prompt, which the app replaces) and the not-found page. Not the back-office: the browser draws
 * it, for administrators only.
 */
export function isServerRendered(path: string): boolean {
  return !isAdminPath(path);
}

/**
 * Whether a page has the site's footer: not on any path that names the back-office (the footer
 * is absent on a path containing "admin"), even a not-found one.
 */
export function hasSiteFooter(path: string): boolean {
  return !path.includes('admin');
}
