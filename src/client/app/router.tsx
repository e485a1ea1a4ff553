import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/root-layout.js';
import { NotFoundPage } from './not-found-page.js';
import { RouteError } from './route-error.js';

/** Every page is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        lazy: async () => ({
          Component: (await import('../features/home/components/home-page.js')).HomePage,
        }),
      },
      {
        path: '/videos/:id',
        lazy: async () => ({
          Component: (await import('../features/videos/components/video-page.js')).VideoPage,
        }),
      },
      {
        path: '/artists',
        lazy: async () => ({
          Component: (await import('../features/artists/components/artists-page.js')).ArtistsPage,
        }),
      },
      {
        path: '/artists/:id',
        lazy: async () => ({
          Component: (await import('../features/artists/components/artist-page.js')).ArtistPage,
        }),
      },
      {
        path: '/categories/:id',
        lazy: async () => ({
          Component: (await import('../features/categories/components/category-page.js'))
            .CategoryPage,
        }),
      },
      {
        path: '/search/:query',
        lazy: async () => ({
          Component: (await import('../features/search/components/search-page.js')).SearchPage,
        }),
      },
      {
        path: '/account',
        lazy: async () => ({
          Component: (await import('../features/account/components/account-page.js')).AccountPage,
        }),
      },
      {
        path: '/about',
        lazy: async () => ({
          Component: (await import('../features/static-pages/components/about-page.js')).AboutPage,
        }),
      },
      {
        path: '/privacy',
        lazy: async () => ({
          Component: (await import('../features/static-pages/components/privacy-page.js'))
            .PrivacyPage,
        }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
