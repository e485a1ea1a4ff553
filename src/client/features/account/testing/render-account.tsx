import type { Artist, Video } from '@shared/schemas/catalogue.js';
import type { Account } from '@shared/schemas/people.js';
import { setSession, type Session } from '@client/lib/session.js';
import { renderPage } from '@client/testing/render.js';
import { AccountPage } from '../components/account-page.js';

export { fail, sentBody } from '@client/testing/fetch-calls.js';

type Api = NonNullable<NonNullable<Parameters<typeof renderPage>[1]>['api']>;

export const FAN: Session = { id: 5, firstName: 'Ann', isAdmin: false, token: 'fan-token' };

export const ACCOUNT: Account = {
  id: 5,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  newsletter: 1,
  zipcode: '37203',
  birthday: '1990-05-04',
  isAdmin: false,
};

export function buildVideo(overrides: Partial<Video> = {}): Video {
  const id = overrides.id ?? 1;
  return {
    id,
    epid: id,
    title: `Video ${id}`,
    description: '',
    thumbnail: `https://img.example/${id}.jpg`,
    youtube_id: 'abcdefghijk',
    youtube_url: 'https://www.youtube.com/watch?v=abcdefghijk',
    link: 'https://www.youtube.com/watch?v=abcdefghijk',
    episode_number: null,
    epnum: null,
    public_state: true,
    published_at: '2024-01-01T00:00:00.000Z',
    publish_at: null,
    like_count: 1,
    view_count: 0,
    tags: [],
    isLiked: true,
    ...overrides,
  };
}

export function buildArtist(overrides: Partial<Artist> = {}): Artist {
  const id = overrides.id ?? 1;
  return {
    id,
    artistid: id,
    name: `Artist ${id}`,
    description: '',
    image: '',
    img_path: '',
    featured: 0,
    tagid: 100 + id,
    like_count: 1,
    isLiked: true,
    ...overrides,
  };
}

const pageInfo = (count: number, total = count, page = 1) => ({ total, page, pageSize: 60 });

/** A page of the liked artists list as the API answers it (`total` defaults to the page's length). */
export const likedArtists = (artists: Artist[], total?: number, page?: number) => ({
  artists,
  pageInfo: pageInfo(artists.length, total, page),
});
export const likedVideos = (videos: Video[], total?: number, page?: number) => ({
  videos,
  pageInfo: pageInfo(videos.length, total, page),
});

/** A page of the watch history as the API answers it. */
export const watchHistory = (
  items: {
    video: Video;
    position: number;
    duration: number;
    finished: boolean;
    watched_at: string;
  }[],
  { total = items.length, page = 1, paused = false } = {},
) => ({ items, page, pageSize: 20, total, paused });

/** /account for `session` (the fan by default), with the account and empty like lists, My List and history unless `api` says otherwise. */
export function renderAccount(api: Api = {}, session: Session | null = FAN) {
  if (session) setSession(session);
  return renderPage(<AccountPage />, {
    path: '/account',
    routes: [{ path: '/', element: <p>Home page</p> }],
    api: {
      [`GET /users/${FAN.id}`]: ACCOUNT,
      [`GET /users/${FAN.id}/liked-artists`]: likedArtists([]),
      [`GET /users/${FAN.id}/liked-videos`]: likedVideos([]),
      [`GET /users/${FAN.id}/list`]: likedVideos([]),
      [`GET /users/${FAN.id}/list/ids`]: [],
      [`GET /users/${FAN.id}/history`]: watchHistory([]),
      'GET /sessions': [
        {
          id: 1,
          device: 'Chrome 131 on macOS',
          createdAt: '2026-11-20T18:04:11.000Z',
          lastUsedAt: '2026-11-27T09:12:40.000Z',
          current: true,
        },
      ],
      ...api,
    },
  });
}
