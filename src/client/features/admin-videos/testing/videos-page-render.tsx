import type { vi } from 'vitest';
import type { FeaturedVideo } from '@shared/schemas/admin-videos.js';
import type { Tag, Video } from '@shared/schemas/catalogue.js';
import { buildVideo } from '@client/testing/catalogue-builders.js';
import { renderPage } from '@client/testing/render.js';
import { AdminVideosPage } from '../components/videos-page.js';

export { fail } from '@client/testing/fetch-calls.js';

type Api = NonNullable<NonNullable<Parameters<typeof renderPage>[1]>['api']>;

export const LAYOUT: Tag[] = [
  { id: 1, name: 'Classic Country' },
  { id: 2, name: 'Bluegrass' },
  { id: 3, name: 'Honky Tonk' },
  { id: 4, name: 'Outlaw' },
];

export const FEATURED: FeaturedVideo = {
  title: 'Big Show Opener',
  link: 'https://www.youtube.com/watch?v=abcdefghijk',
  video: buildVideo(9, 'Opener – Live'),
};

export function video(id: number, title: string, overrides: Partial<Video> = {}): Video {
  return { ...buildVideo(id, title), ...overrides };
}

export const searchResult = (videos: Video[], total = videos.length, page = 1) => ({
  videos,
  pageInfo: { videoResults: total, page, pageSize: 20 },
});

/** /admin/videos with the layout and the featured video answered unless `api` says otherwise. */
export function renderVideosPage(api: Api = {}, path = '/admin/videos') {
  return renderPage(<AdminVideosPage />, {
    path,
    pattern: '/admin/videos',
    routes: [
      { path: '/admin/newVideo', element: <p>New video screen</p> },
      { path: '/admin/editVideo/:id', element: <p>Edit video screen</p> },
    ],
    api: {
      'GET /tags/featured': { tags: LAYOUT },
      'GET /admin/videos/featured': FEATURED,
      ...api,
    },
  });
}

/** Every call made to `method` `path` (the path without /api; with its query string if any). */
export function callsTo(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => {
      const [bare] = String(url)
        .replace(/^\/api/, '')
        .split('?');
      const same = path.includes('?') ? String(url) === `/api${path}` : bare === path;
      return same && ((init as RequestInit | undefined)?.method ?? 'GET') === method;
    })
    .map(([url, init]) => ({
      url: String(url),
      body: (init as RequestInit | undefined)?.body
        ? (JSON.parse(String((init as RequestInit).body)) as unknown)
        : undefined,
    }));
}
