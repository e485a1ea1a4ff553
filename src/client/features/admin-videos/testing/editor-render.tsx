import type { vi } from 'vitest';
import type { Tag, Video } from '@shared/schemas/catalogue.js';
import { setSession, type Session } from '@client/lib/session.js';
import { buildVideo } from '@client/testing/catalogue-builders.js';
import { renderPage } from '@client/testing/render.js';
import { VideoEditorPage } from '../components/video-editor-page.js';

export { fail } from '@client/testing/fetch-calls.js';

type Api = NonNullable<NonNullable<Parameters<typeof renderPage>[1]>['api']>;
type Reply = { status: number; data: unknown; message?: string };

export const ADMIN: Session = { id: 1, firstName: 'Dolly', isAdmin: true, token: 'admin-token' };

export const EXISTING_TAGS: Tag[] = [
  { id: 3, name: 'Bluegrass' },
  { id: 4, name: 'Live Shows' },
];

/** A private video as a fresh import answers it: YouTube's title, no tags. */
export function importedVideo(overrides: Partial<Video> = {}): Video {
  return {
    ...buildVideo(7, 'Twang Sessions Episode 12: June Caldwell'),
    youtube_id: 'dQw4w9WgXcQ',
    youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    description: 'Live from the barn.',
    thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    episode_number: 12,
    epnum: 12,
    public_state: false,
    ...overrides,
  };
}

/** The body of the PUT, echoed back as the saved video. */
export function savedEcho(video: Video) {
  return (init?: RequestInit): Reply => {
    const body = JSON.parse(String(init?.body)) as Record<string, string | null>;
    return {
      status: 200,
      data: {
        ...video,
        title: body.title,
        description: body.description,
        public_state: body.public_state === '1',
        publish_at: body.publish_at ?? null,
      },
      message: 'Video updated successfully',
    };
  };
}

/** POST /api/tags: a new tag with the next id, named as sent. */
export function createdTags(firstId = 50) {
  let next = firstId;
  return (init?: RequestInit): Reply => {
    const { name } = JSON.parse(String(init?.body)) as { name: string };
    return { status: 201, data: { tag: { id: next++, name } } };
  };
}

/** The editor at `path` (/admin/newVideo or /admin/editVideo/{id}), signed in as an admin. */
export function renderEditor(path: string, api: Api = {}) {
  setSession(ADMIN);
  return renderPage(<VideoEditorPage />, {
    path,
    pattern: '/admin/newVideo',
    routes: [
      { path: '/admin/editVideo/:id', element: <VideoEditorPage /> },
      { path: '/videos/:id', element: <p>Public video page</p> },
      { path: '/admin/videos', element: <p>Videos screen</p> },
    ],
    api: { 'GET /tags': { tags: EXISTING_TAGS }, ...api },
  });
}

/** Every JSON body sent with `method` to `path` (query strings ignored), in order. */
export function sentBodies(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => {
      const callPath = String(url).split('?')[0];
      return callPath === `/api${path}` && ((init as RequestInit)?.method ?? 'GET') === method;
    })
    .map(([, init]) => {
      const body = (init as RequestInit | undefined)?.body;
      return body ? (JSON.parse(String(body)) as unknown) : null;
    });
}

/** The URLs fetched for `path`, query strings included. */
export function calledUrls(fetchMock: ReturnType<typeof vi.fn>, path: string): string[] {
  return fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.split('?')[0] === `/api${path}`);
}
