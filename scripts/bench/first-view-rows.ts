/**
 * Issue 13's first views beyond the video page and the search: tag pages past the first, artist
 * pages signed in, featured artists, one fan's long liked lists, and the back-office's dashboard,
 * user lists and video search. Both engines' phases at scale ask them the same way.
 */
import { SCALE_HEAVY_LIKER } from '../seed-scale.js';
import { clientGet, eachOnce, rotations, type Endpoint } from './endpoint.js';
import type { PostgresSample } from './postgres-catalogue.js';
import type { RequestSpec } from './scenario.js';
import { bearer, type SignedIn } from './sign-in.js';

/** Connections for the back-office and one fan's own lists: a handful of people, not a crowd. */
export const FEW = 10;
/** The budget of a page asked for the first time (issue 13), in ms at the 99th percentile. */
export const FIRST_VIEW_P99 = 100;
export const firstView = [{ metric: 'p99', op: '<=', value: FIRST_VIEW_P99 }] as const;

export const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Connection k signed in as users[k % n], cycling through the paths from its own place. */
export function signedInLists(
  paths: string[],
  users: SignedIn[],
  connections: number,
): RequestSpec[][] {
  return rotations(
    paths.map((path) => clientGet(path)),
    connections,
  ).map((list, k) =>
    list.map((spec) => ({
      ...spec,
      headers: { ...spec.headers, ...bearer(users[k % users.length]!) },
    })),
  );
}

export interface FirstViewPeople {
  admin: SignedIn;
  viewers: SignedIn[];
  heavyLiker: SignedIn;
}

export interface FirstViewRows {
  adminSearches: Endpoint;
  tagPageTwo: Endpoint;
  /** Artist pages, featured artists, liked lists, the dashboard and user lists, in that order. */
  signedIn: Endpoint[];
}

export function firstViewRows(
  connections: number,
  ids: PostgresSample,
  people: FirstViewPeople,
  /** Searches no one asked before; the admin's are their own share of them. */
  adminQueries: string[],
): FirstViewRows {
  const C = connections;
  const adminAsks = (paths: string[]) => paths.map((path) => clientGet(path, bearer(people.admin)));
  const coldAdminSearches = adminAsks(
    adminQueries.map((query) => `/api/admin/search/videos/${encodeURIComponent(query)}`),
  );
  // The smoke run's tiny catalogue has no second pages: its first ones stand in.
  const coldTagPages =
    ids.pageTwoTagIds.length > 0
      ? ids.pageTwoTagIds.map((id) => clientGet(`/api/tag/${id}?page=2`))
      : ids.tagIds.map((id) => clientGet(`/api/tag/${id}`));
  const coldArtistIds = ids.coldArtistIds.length > 0 ? ids.coldArtistIds : ids.artistIds;
  const coldArtists = coldArtistIds.map((id, k) =>
    clientGet(`/api/artists/${id}`, bearer(people.viewers[k % people.viewers.length]!)),
  );
  const heavy = people.heavyLiker;
  const likedLists = (kind: 'videos' | 'artists') =>
    [1, 2, 3].map((page) =>
      clientGet(`/api/users/${heavy.userId}/liked-${kind}?page=${page}`, bearer(heavy)),
    );
  const userLists = adminAsks([
    ...range(1, 20).map((page) => `/api/users?page=${page}&pageSize=5`),
    ...range(1, 5).map((page) => `/api/users?days=30&page=${page}&pageSize=5`),
    '/api/users?q=scale&pageSize=5',
    '/api/users?q=user-1&days=90&pageSize=5',
    '/api/users?q=9&days=60&pageSize=5',
    '/api/admin/users?pageSize=5',
  ]);
  return {
    adminSearches: {
      name: `GET /api/admin/search/videos/{q} (each query once, ${FEW} conn)`,
      connections: FEW,
      ...eachOnce(coldAdminSearches, FEW, 300),
      targets: [
        { metric: 'rps', op: '>=', value: 300 },
        { metric: 'p50', op: '<=', value: 20 },
      ],
    },
    tagPageTwo: {
      name: 'GET /api/tag/{id}?page=2 (each tag once)',
      connections: C,
      ...eachOnce(coldTagPages, C, 200),
      targets: [...firstView],
    },
    signedIn: [
      {
        name: 'GET /api/artists/{id} (signed in, each artist once)',
        connections: C,
        ...eachOnce(coldArtists, C, 500),
        targets: [...firstView],
      },
      {
        name: 'GET /api/featured-artists (signed in)',
        connections: C,
        perConnection: signedInLists(['/api/featured-artists'], people.viewers, C),
        samples: [clientGet('/api/featured-artists', bearer(people.viewers[0]!))],
        targets: [...firstView],
      },
      {
        name: `GET liked videos (${SCALE_HEAVY_LIKER.videos.toLocaleString('en-US')} likes, ${FEW} conn)`,
        connections: FEW,
        perConnection: rotations(likedLists('videos'), FEW),
        samples: likedLists('videos'),
        targets: [...firstView],
      },
      {
        name: `GET liked artists (${SCALE_HEAVY_LIKER.artists.toLocaleString('en-US')} likes, ${FEW} conn)`,
        connections: FEW,
        perConnection: rotations(likedLists('artists'), FEW),
        samples: likedLists('artists'),
        targets: [...firstView],
      },
      {
        name: `GET /api/admin/dashboard (${FEW} conn)`,
        connections: FEW,
        perConnection: [[clientGet('/api/admin/dashboard', bearer(people.admin))]],
        samples: [clientGet('/api/admin/dashboard', bearer(people.admin))],
        targets: [...firstView],
      },
      {
        name: `GET admin user lists: pages, name search, last login (${FEW} conn)`,
        connections: FEW,
        perConnection: rotations(userLists, FEW),
        samples: userLists,
        targets: [...firstView],
      },
    ],
  };
}
