import type { PageName } from './page-paths.js';

/** A category page's videos at a time: the API's default page size, which the site asks for. */
export const TAG_PAGE_SIZE = 60;

const segment = (text: string) => encodeURIComponent(text);

/**
 * The API reads (paths under /api) behind the public pages: the client's queries ask them, and
 * the server preloads the first one with the page, so the two must be the same address to the
 * letter (the browser matches a preload by URL).
 */
export const pageReads = {
  home: () => '/home',
  video: (id: string) => `/videos/${segment(id)}`,
  category: (id: string, page: number) =>
    `/tag/${segment(id)}?page=${page}&pageSize=${TAG_PAGE_SIZE}`,
  // The first page is asked without parameters, the address the server preloads.
  search: (query: string, page: number) =>
    `/search/${segment(query)}${page === 1 ? '' : `?page=${page}`}`,
} as const;

/** What a first load of a public page reads, from its path's parameters (decoded). */
export const FIRST_READS: Partial<Record<PageName, (params: Record<string, string>) => string>> = {
  home: () => pageReads.home(),
  video: ({ id = '' }) => pageReads.video(id),
  category: ({ id = '' }) => pageReads.category(id, 1),
  search: ({ query = '' }) => pageReads.search(query, 1),
};

/**
 * Each public page's code: its module under src/client/features/, which the router loads lazily
 * and the server preloads from Vite's manifest (a client test holds the router to this table).
 */
export const PAGE_CHUNKS: Partial<Record<PageName, string>> = {
  home: 'home/components/home-page.tsx',
  video: 'videos/components/video-page.tsx',
  artists: 'artists/components/artists-page.tsx',
  artist: 'artists/components/artist-page.tsx',
  category: 'categories/components/category-page.tsx',
  search: 'search/components/search-page.tsx',
  account: 'account/components/account-page.tsx',
  about: 'static-pages/components/about-page.tsx',
  privacy: 'static-pages/components/privacy-page.tsx',
};
