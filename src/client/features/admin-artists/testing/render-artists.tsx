import type { vi } from 'vitest';
import type { AdminArtistsPage } from '../api/admin-artists.js';
import { renderPage } from '@client/testing/render.js';
import { buildArtist } from '@client/testing/catalogue-builders.js';
import { ArtistDashboardPage } from '../components/artist-dashboard-page.js';
import { ArtistEditorPage } from '../components/artist-editor-page.js';

export { fail, holdNextFetch, sentBody } from '@client/testing/fetch-calls.js';

type Api = NonNullable<NonNullable<Parameters<typeof renderPage>[1]>['api']>;

export const REBA = buildArtist(4, 'Reba Lane', { featured: 1, like_count: 9 });
export const DOLLY = buildArtist(2, 'Dolly Ray', { like_count: 1 });

export const artistsPage = (
  artists = [DOLLY, REBA],
  pageInfo: Partial<AdminArtistsPage['pageInfo']> = {},
): AdminArtistsPage => ({
  artists,
  pageInfo: { total: artists.length, page: 1, pageSize: 25, ...pageInfo },
});

/** /admin/artistDashboard with Reba featured and two artists in the table unless `api` says otherwise. */
export function renderArtistDashboard(api: Api = {}, path = '/admin/artistDashboard') {
  return renderPage(<ArtistDashboardPage />, {
    path,
    pattern: '/admin/artistDashboard',
    routes: [
      { path: '/admin/newArtist', element: <p>New artist screen</p> },
      { path: '/admin/editArtist/:id', element: <p>Edit artist screen</p> },
    ],
    api: {
      'GET /featured-artists': { artists: [REBA] },
      'GET /admin/artists': artistsPage(),
      ...api,
    },
  });
}

/** The editor at `path` (/admin/newArtist or /admin/editArtist/{id}). */
export function renderArtistEditor(path: string, api: Api = {}) {
  return renderPage(<ArtistEditorPage />, {
    path,
    pattern: path.startsWith('/admin/editArtist') ? '/admin/editArtist/:id' : '/admin/newArtist',
    routes: [
      path.startsWith('/admin/editArtist')
        ? { path: '/admin/newArtist', element: <ArtistEditorPage /> }
        : { path: '/admin/editArtist/:id', element: <ArtistEditorPage /> },
    ],
    api,
  });
}

/** The URLs of the `method` calls whose path starts with `prefix`. */
export function calledUrls(fetchMock: ReturnType<typeof vi.fn>, method: string, prefix: string) {
  return fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        String(url).startsWith(`/api${prefix}`) &&
        ((init as RequestInit | undefined)?.method ?? 'GET') === method,
    )
    .map(([url]) => String(url));
}

/** The calls to the API other than the site configuration every page title reads. */
export const apiCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) !== '/api/config');
