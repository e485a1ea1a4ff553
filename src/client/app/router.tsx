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
  {
    // The back-office: its own login and its own shell, in chunks the public pages never load.
    path: '/admin',
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/admin-shell/components/admin-login-page.js'))
            .AdminLoginPage,
        }),
      },
      {
        lazy: async () => ({
          Component: (await import('../features/admin-shell/components/admin-layout.js'))
            .AdminLayout,
        }),
        children: adminPages(),
      },
    ],
  },
]);

/** The screens behind the admin guard (spec section 2, admin side). */
function adminPages() {
  return [
    {
      path: 'dashboard',
      lazy: async () => ({
        Component: (await import('../features/admin-dashboard/components/dashboard-page.js'))
          .AdminDashboardPage,
      }),
    },
    {
      path: 'videos',
      lazy: async () => ({
        Component: (await import('../features/admin-videos/components/videos-page.js'))
          .AdminVideosPage,
      }),
    },
    ...['newVideo', 'editVideo/:id'].map((path) => ({
      path,
      lazy: async () => ({
        Component: (await import('../features/admin-videos/components/video-editor-page.js'))
          .VideoEditorPage,
      }),
    })),
    {
      path: 'artistDashboard',
      lazy: async () => ({
        Component: (await import('../features/admin-artists/components/artist-dashboard-page.js'))
          .ArtistDashboardPage,
      }),
    },
    ...['newArtist', 'editArtist/:id'].map((path) => ({
      path,
      lazy: async () => ({
        Component: (await import('../features/admin-artists/components/artist-editor-page.js'))
          .ArtistEditorPage,
      }),
    })),
    {
      path: 'userDashboard',
      lazy: async () => ({
        Component: (await import('../features/admin-people/components/user-dashboard-page.js'))
          .UserDashboardPage,
      }),
    },
    {
      path: 'ownAccount',
      lazy: async () => ({
        Component: (await import('../features/admin-people/components/own-account-page.js'))
          .OwnAccountPage,
      }),
    },
    {
      path: 'newAdmin',
      lazy: async () => ({
        Component: (await import('../features/admin-people/components/new-admin-page.js'))
          .NewAdminPage,
      }),
    },
  ];
}
