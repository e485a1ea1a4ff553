/// <reference lib="dom" />
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { registerFan, startSignedIn, type Fan } from './fans.js';

/** Ids from the demo catalogue that the page paths need. */
export interface CatalogueIds {
  videoId: number;
  categoryId: number;
  artistId: number;
  /** A word of a real artist's name, so the search page has results. */
  searchTerm: string;
}

/** One public page the cross-cutting checks (accessibility, screenshots) visit. */
export interface PublicPage {
  /** A file-name-safe label: 'video', 'artist'... */
  name: string;
  path: (ids: CatalogueIds) => string;
  /** Pages that need a signed-in user (the artists pages, the account page). */
  signedIn: boolean;
}

/** Every public page of the product; the names are known up front so tests can be named. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { name: 'home', path: () => '/', signedIn: false },
  // A fan's home: Continue Watching and My List rows, My List toggles on the cards.
  { name: 'home-signed-in', path: () => '/', signedIn: true },
  { name: 'video', path: (ids) => `/videos/${ids.videoId}`, signedIn: false },
  { name: 'artists', path: () => '/artists', signedIn: true },
  { name: 'artist', path: (ids) => `/artists/${ids.artistId}`, signedIn: true },
  { name: 'artist-signed-out', path: (ids) => `/artists/${ids.artistId}`, signedIn: false },
  { name: 'category', path: (ids) => `/categories/${ids.categoryId}`, signedIn: false },
  {
    name: 'search',
    path: (ids) => `/search/${encodeURIComponent(ids.searchTerm)}`,
    signedIn: false,
  },
  { name: 'search-cash', path: () => '/search/cash', signedIn: false },
  { name: 'account', path: () => '/account', signedIn: true },
  { name: 'about', path: () => '/about', signedIn: false },
  { name: 'privacy', path: () => '/privacy', signedIn: false },
  // Opened without a newsletter's token: it says so (newsletter.spec.ts opens it with one).
  { name: 'unsubscribe', path: () => '/unsubscribe', signedIn: false },
  { name: 'not-found', path: () => '/nope/nothing', signedIn: false },
];

interface Envelope<T> {
  data: T;
}
interface HomeData {
  categories: { id: number; title: string; videos: { id: number }[] }[];
}
interface FeaturedArtists {
  artists: { id: number; name: string }[];
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  expect(response.status(), `GET /api${path}`).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

let catalogueIds: Promise<CatalogueIds> | null = null;

/** A public video and category from the home page's rows, and a featured artist (read once). */
export function pickCatalogueIds(request: APIRequestContext): Promise<CatalogueIds> {
  catalogueIds ??= (async () => {
    const home = await apiData<HomeData>(request, '/home');
    const row = home.categories.find((category) => category.videos.length > 0);
    if (!row) throw new Error('The demo home page has no row with videos');
    const { artists } = await apiData<FeaturedArtists>(request, '/featured-artists');
    const artist = artists[0];
    if (!artist) throw new Error('The demo catalogue has no featured artist');
    return {
      videoId: row.videos[0]!.id,
      categoryId: row.id,
      artistId: artist.id,
      searchTerm: artist.name.split(' ')[0]!.toLowerCase(),
    };
  })();
  return catalogueIds;
}

/** The page's path with real ids. */
export async function pathOf(request: APIRequestContext, page: PublicPage): Promise<string> {
  return page.path(await pickCatalogueIds(request));
}

/**
 * Gives the fan something watched and something in My List, so their home and account pages
 * show those rows and sections (reports are written in batches: wait until it is there).
 */
async function watchSomething(request: APIRequestContext, fan: Fan): Promise<Fan> {
  const headers = { authorization: `Bearer ${fan.token}` };
  const home = await apiData<HomeData>(request, '/home');
  const [watched, kept] = home.categories.flatMap((row) => row.videos);
  const report = await request.post(`/api/videos/${watched!.id}/progress`, {
    headers,
    data: { position: 95, duration: 300, played: 10, total_played: 10 },
  });
  expect(report.status()).toBe(202);
  expect((await request.put(`/api/users/${fan.id}/list/${kept!.id}`, { headers })).status()).toBe(
    200,
  );
  await expect
    .poll(async () => {
      const response = await request.get(`/api/users/${fan.id}/continue-watching`, { headers });
      return ((await response.json()) as Envelope<unknown[]>).data.length;
    })
    .toBe(1);
  return fan;
}

/** One fan per test worker is enough: the checks only read pages, and it spares the sign-ups. */
let workerFan: Promise<Fan> | null = null;

/**
 * Signs a fan in the way the site does it: the session is in localStorage ('session') when the
 * page starts, and the page opens (again) signed in. The fan is registered through the API once.
 */
export async function signInFreshUser(page: Page): Promise<Fan> {
  workerFan ??= registerFan(page.request).then((fan) => watchSomething(page.request, fan));
  const fan = await workerFan;
  await startSignedIn(page, fan);
  if (page.url().startsWith('http')) await page.reload();
  else await page.goto('/about');
  return fan;
}

/** Stores the theme before any page script runs, as a returning visitor would have it. */
export async function useStoredTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(
    (dark) => localStorage.setItem('darkMode', dark),
    String(theme === 'dark'),
  );
}

/**
 * Opens a page and waits until it has settled: its data loaded (no loading view left) and its
 * fonts and images done, so checks and screenshots see the finished page.
 */
export async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .page-state[role="status"]')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/**
 * Collects what the console says that a page should never make it say: warnings, script errors
 * and page errors. Not a resource that failed to load (a missing page's 404, a picture from
 * another host on a machine without the internet): that is the network's doing.
 */
export function watchConsole(page: Page): string[] {
  const logged: string[] = [];
  page.on('console', (message) => {
    const network = message.text().startsWith('Failed to load resource');
    if (message.type() === 'warning' || (message.type() === 'error' && !network)) {
      logged.push(message.text());
    }
  });
  page.on('pageerror', (error) => logged.push(error.message));
  return logged;
}
