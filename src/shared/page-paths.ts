/**
 * The public site's page paths, in React Router's pattern syntax: the client router declares its
 * pages with them, and the server answers 404 for a path none of them matches (the back-office,
 * under /admin, shows its own not-found page).
 */
export const PAGE_PATHS = {
  home: '/',
  video: '/videos/:id',
  artists: '/artists',
  artist: '/artists/:id',
  category: '/categories/:id',
  search: '/search/:query',
  account: '/account',
  about: '/about',
  privacy: '/privacy',
} as const;

export const ADMIN_PATH = '/admin';

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** A path's segments against a pattern's: `:name` takes any one non-empty segment. */
function matches(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const got = segmentsOf(path);
  return (
    want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i])
  );
}

/** Whether a page of the site lives at `path` (a decoded path without its query). */
export function isSitePath(path: string): boolean {
  if (path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`)) return true;
  return Object.values(PAGE_PATHS).some((pattern) => matches(pattern, path));
}

/**
 * Pages only a signed-in person sees in full (the account, the back-office): the server sends the
 * bare app for the browser to draw, since a render as a visitor would only redirect.
 */
const DRAWN_IN_BROWSER: readonly string[] = [PAGE_PATHS.account];

/** Whether the server renders the page at `path` (the public pages and the not-found page). */
export function isServerRendered(path: string): boolean {
  if (path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`)) return false;
  return !DRAWN_IN_BROWSER.some((pattern) => matches(pattern, path));
}

/**
 * Whether a page has the site's footer: not on any path that names the back-office (spec: the
 * footer is absent on a path containing "admin"), even a not-found one.
 */
export function hasSiteFooter(path: string): boolean {
  return !path.includes('admin');
}
