import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction, Params, RouteObject } from 'react-router';
import { homeQuery } from '../features/home/api/get-home.js';
import { videoQuery } from '../features/videos/api/get-video.js';
import { tagVideosQuery } from '../features/categories/api/get-tag-videos.js';
import { searchQuery } from '../features/search/api/search.js';
import { getSession } from '../lib/session.js';
import { RootLayout } from './layout/root-layout.js';
import { NotFoundPage } from './not-found-page.js';
import { RouteError } from './route-error.js';
import { ADMIN_PATH, ADMIN_SCREENS, listPageOf } from '@shared/page-paths.js';
import { PAGE_NAMES, PUBLIC_PAGES, type PageName } from '@shared/public-pages.js';

/**
 * How a page's loader waits for its data. In the browser only the first load waits, and not for
 * long (`firstLoadInBrowser`); the server waits for all of it, since it renders the page whole.
 */
export type DataWait = (loaded: Promise<unknown>) => Promise<unknown>;

/**
 * A page's data, fetched alongside its code chunk instead of after it. A failed fetch is left in
 * the cache for the page to show its error text.
 */
function pageData(wait: DataWait, load: PageLoad): LoaderFunction {
  return async ({ params, request }) => {
    await wait(load(params, new URL(request.url).searchParams));
    return null;
  };
}

/** A page's reads, from its path's parameters and its address's query (a search's ?page=). */
type PageLoad = (params: Params, query: URLSearchParams) => Promise<unknown>;

/**
 * What shows while the first page's chunk and data load: nothing, on purpose (see
 * firstLoadInBrowser), so the first paint is the whole page. Declared on both branches (the public
 * site's and the back-office's), so the router does not warn on a first load that it is missing.
 */
function FirstLoad() {
  return null;
}

/**
 * A route's `lazy`: the component exported as `name` from the chunk `load` imports. Each import
 * stays written out at its route, so the bundler still makes every page its own chunk.
 */
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return async () => ({ Component: (await load())[name] });
}

/** A public page's side in the browser: its data, fetched alongside its code, and its code. */
interface ClientPage {
  load?: (queryClient: QueryClient) => PageLoad;
  lazy: () => Promise<{ Component: ComponentType }>;
}

/**
 * Each public page's component and data, by its name in PUBLIC_PAGES, which gives its path and
 * order. Every page is its own chunk, loaded when first visited: the file its declaration's
 * `chunk` names (the server preloads it), which app-routes.test.tsx holds this to.
 */
const CLIENT_PAGES: Record<PageName, ClientPage> = {
  home: {
    load: (queryClient) => () => queryClient.prefetchQuery(homeQuery),
    lazy: lazyPage(() => import('../features/home/components/home-page.js'), 'HomePage'),
  },
  video: {
    load:
      (queryClient) =>
      ({ id = '' }) =>
        queryClient.prefetchQuery(videoQuery(id, getSession()?.id ?? null)),
    lazy: lazyPage(() => import('../features/videos/components/video-page.js'), 'VideoPage'),
  },
  artists: {
    lazy: lazyPage(() => import('../features/artists/components/artists-page.js'), 'ArtistsPage'),
  },
  artist: {
    lazy: lazyPage(() => import('../features/artists/components/artist-page.js'), 'ArtistPage'),
  },
  category: {
    load:
      (queryClient) =>
      ({ id = '' }) =>
        queryClient.prefetchInfiniteQuery(tagVideosQuery(id)),
    lazy: lazyPage(
      () => import('../features/categories/components/category-page.js'),
      'CategoryPage',
    ),
  },
  search: {
    load:
      (queryClient) =>
      ({ query = '' }, search) =>
        queryClient.prefetchInfiniteQuery(searchQuery(query, listPageOf(search))),
    lazy: lazyPage(() => import('../features/search/components/search-page.js'), 'SearchPage'),
  },
  account: {
    lazy: lazyPage(() => import('../features/account/components/account-page.js'), 'AccountPage'),
  },
  about: {
    lazy: lazyPage(() => import('../features/static-pages/components/about-page.js'), 'AboutPage'),
  },
  privacy: {
    lazy: lazyPage(
      () => import('../features/static-pages/components/privacy-page.js'),
      'PrivacyPage',
    ),
  },
  unsubscribe: {
    lazy: lazyPage(
      () => import('../features/newsletter/components/unsubscribe-page.js'),
      'UnsubscribePage',
    ),
  },
};

/**
 * The site's routes: the public pages, the not-found page, and the back-office's own branch. The
 * browser's router and the server's renderer are built from these. `queryClient` names the query
 * cache a page's data goes to when it loads: the browser's one, or on the server the cache of the
 * render it loads for (the server builds its routes once, for every render).
 */
export function appRoutes(queryClient: () => QueryClient, wait: DataWait): RouteObject[] {
  const data = (load: (queryClient: QueryClient) => PageLoad) =>
    pageData(wait, (params, query) => load(queryClient())(params, query));
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: FirstLoad,
      children: [
        ...PAGE_NAMES.map((name): RouteObject => {
          const { load, lazy } = CLIENT_PAGES[name];
          const loader = load && data(load);
          return { path: PUBLIC_PAGES[name].path, ...(loader ? { loader } : {}), lazy };
        }),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    {
      // The back-office: its own login and its own shell, in chunks the public pages never load.
      path: ADMIN_PATH,
      errorElement: <RouteError />,
      HydrateFallback: FirstLoad,
      children: [
        {
          index: true,
          lazy: lazyPage(
            () => import('../features/admin-shell/components/admin-login-page.js'),
            'AdminLoginPage',
          ),
        },
        {
          lazy: lazyPage(
            () => import('../features/admin-shell/components/admin-layout.js'),
            'AdminLayout',
          ),
          children: adminPages(),
        },
      ],
    },
  ];
}

/** The back-office screens, behind the admin guard. */
function adminPages() {
  return [
    {
      path: ADMIN_SCREENS.dashboard,
      lazy: lazyPage(
        () => import('../features/admin-dashboard/components/dashboard-page.js'),
        'AdminDashboardPage',
      ),
    },
    {
      path: ADMIN_SCREENS.videos,
      lazy: lazyPage(
        () => import('../features/admin-videos/components/videos-page.js'),
        'AdminVideosPage',
      ),
    },
    ...[ADMIN_SCREENS.newVideo, ADMIN_SCREENS.editVideo].map((path) => ({
      path,
      lazy: lazyPage(
        () => import('../features/admin-videos/components/video-editor-page.js'),
        'VideoEditorPage',
      ),
    })),
    {
      path: ADMIN_SCREENS.channels,
      lazy: lazyPage(
        () => import('../features/admin-channels/components/channels-page.js'),
        'ChannelsPage',
      ),
    },
    {
      path: ADMIN_SCREENS.newsletter,
      lazy: lazyPage(
        () => import('../features/admin-newsletter/components/newsletter-page.js'),
        'NewsletterPage',
      ),
    },
    {
      path: ADMIN_SCREENS.artistDashboard,
      lazy: lazyPage(
        () => import('../features/admin-artists/components/artist-dashboard-page.js'),
        'ArtistDashboardPage',
      ),
    },
    ...[ADMIN_SCREENS.newArtist, ADMIN_SCREENS.editArtist].map((path) => ({
      path,
      lazy: lazyPage(
        () => import('../features/admin-artists/components/artist-editor-page.js'),
        'ArtistEditorPage',
      ),
    })),
    {
      path: ADMIN_SCREENS.userDashboard,
      lazy: lazyPage(
        () => import('../features/admin-people/components/user-dashboard-page.js'),
        'UserDashboardPage',
      ),
    },
    {
      path: ADMIN_SCREENS.ownAccount,
      lazy: lazyPage(
        () => import('../features/admin-people/components/own-account-page.js'),
        'OwnAccountPage',
      ),
    },
    {
      path: ADMIN_SCREENS.analytics,
      lazy: lazyPage(
        () => import('../features/admin-analytics/components/analytics-page.js'),
        'AnalyticsPage',
      ),
    },
    {
      path: ADMIN_SCREENS.episodeAnalytics,
      lazy: lazyPage(
        () => import('../features/admin-analytics/components/episode-analytics-page.js'),
        'EpisodeAnalyticsPage',
      ),
    },
    {
      path: ADMIN_SCREENS.audit,
      lazy: lazyPage(() => import('../features/admin-audit/components/audit-page.js'), 'AuditPage'),
    },
    {
      path: ADMIN_SCREENS.newAdmin,
      lazy: lazyPage(
        () => import('../features/admin-people/components/new-admin-page.js'),
        'NewAdminPage',
      ),
    },
  ];
}
