import { fillPath } from './path-patterns.js';

/**
 * The public pages, each declared once: its address, its code, the API read its first load makes,
 * what it is about (its not-found rule) and whether the sitemap lists it. The client's router,
 * the server's render, preloads, head tags and sitemap all read this table; the server maps each
 * read to the page kind that builds it (modules/server-render/render-answers.ts) and each page to
 * its head tags (modules/seo/page-meta.ts). No zod here: the first page load imports this.
 */

/** A category page's videos at a time: the API's default page size, which the site asks for. */
export const TAG_PAGE_SIZE = 60;

/**
 * The API reads behind the public pages, as paths under /api: their routes are registered at
 * these patterns, the client's queries fill them (`pageReads`), and a server render's reads are
 * matched against them.
 */
export const API_READS = {
  home: '/home',
  video: '/videos/:id',
  tag: '/tag/:id',
  search: '/search/:query',
} as const;

export type ReadName = keyof typeof API_READS;

/**
 * The reads' addresses: the client's queries ask them, and the server preloads the first one with
 * the page, so the two must be the same address to the letter (the browser matches a preload by
 * URL).
 */
export const pageReads = {
  home: () => API_READS.home,
  video: (id: string) => fillPath(API_READS.video, { id }),
  category: (id: string, page: number) =>
    `${fillPath(API_READS.tag, { id })}?page=${page}&pageSize=${TAG_PAGE_SIZE}`,
  // The first page is asked without parameters, the address the server preloads.
  search: (query: string, page: number) =>
    fillPath(API_READS.search, { query }) + (page === 1 ? '' : `?page=${page}`),
} as const;

/**
 * What a page is about, when it is about one row named by its `:id`: a path whose id cannot name
 * a row, or whose row a visitor may not see (unknown, private), is a 404 with a plain head.
 */
export type PageSubject = 'video' | 'artist' | 'tag';

export interface PublicPageDeclaration {
  /** Its address pattern (React Router's syntax). */
  readonly path: string;
  /**
   * Its code: the module under src/client/features/ that the router loads lazily and the server
   * preloads from Vite's manifest (a client test holds the router to this).
   */
  readonly chunk: string;
  /**
   * The API read a first load makes, from the path's decoded parameters: preloaded with the page,
   * answered from the page cache when the server renders it, and what its head tags describe.
   */
  readonly firstRead?: (params: Record<string, string>) => string;
  /** The row it is about, if any: its not-found rule. Any other page is found at its path. */
  readonly subject?: PageSubject;
  /** Listed in the sitemap at its path (the catalogue's pages are listed from the database). */
  readonly inSitemap?: boolean;
}

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    chunk: 'home/components/home-page.tsx',
    firstRead: () => pageReads.home(),
    inSitemap: true,
  },
  video: {
    path: '/videos/:id',
    chunk: 'videos/components/video-page.tsx',
    firstRead: ({ id = '' }) => pageReads.video(id),
    subject: 'video',
  },
  artists: { path: '/artists', chunk: 'artists/components/artists-page.tsx' },
  artist: {
    path: '/artists/:id',
    chunk: 'artists/components/artist-page.tsx',
    subject: 'artist',
  },
  category: {
    path: '/categories/:id',
    chunk: 'categories/components/category-page.tsx',
    firstRead: ({ id = '' }) => pageReads.category(id, 1),
    subject: 'tag',
  },
  search: {
    path: '/search/:query',
    chunk: 'search/components/search-page.tsx',
    firstRead: ({ query = '' }) => pageReads.search(query, 1),
  },
  account: { path: '/account', chunk: 'account/components/account-page.tsx' },
  about: { path: '/about', chunk: 'static-pages/components/about-page.tsx', inSitemap: true },
  privacy: {
    path: '/privacy',
    chunk: 'static-pages/components/privacy-page.tsx',
    inSitemap: true,
  },
  // A newsletter's unsubscribe link opens here (?token=…); its one-click POST is the server's.
  unsubscribe: { path: '/unsubscribe', chunk: 'newsletter/components/unsubscribe-page.tsx' },
} as const satisfies Record<string, PublicPageDeclaration>;

export type PageName = keyof typeof PUBLIC_PAGES;

/** The declaration of a page, by name, as the interface (whose optional fields every page has). */
export function publicPage(name: PageName): PublicPageDeclaration {
  return PUBLIC_PAGES[name];
}

export const PAGE_NAMES = Object.keys(PUBLIC_PAGES) as PageName[];
