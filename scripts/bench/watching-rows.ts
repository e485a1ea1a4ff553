/**
 * Issue 28's rows: progress reports (the player's every 10-15 s, batched by the server) and one
 * fan's Continue Watching, history and My List with 2,000 watched episodes.
 */
import { SCALE_HEAVY_WATCHER } from '../seed-view-history.js';
import { clientGet, rotations, type Endpoint } from './endpoint.js';
import { FEW } from './first-view-rows.js';
import { JSON_HEADERS } from './http.js';
import type { RequestSpec } from './scenario.js';
import { bearer, type SignedIn } from './sign-in.js';

/** The bars: reports per second on one instance on PostgreSQL, and their p99 (ms). */
const REPORTS_PER_SECOND = 5_000;
const P99 = 50;

/** A report of `videoId` as the player sends it while playing, from signed-in `viewer`. */
function report(videoId: number, viewer: SignedIn, step: number): RequestSpec {
  const position = 30 + step * 12;
  return {
    method: 'POST',
    path: `/api/videos/${videoId}/progress`,
    headers: { ...JSON_HEADERS, ...bearer(viewer) },
    body: JSON.stringify({ position, duration: 3600, played: 12, total_played: position }),
  };
}

export function watchingRows(
  connections: number,
  videoIds: number[],
  viewers: SignedIn[],
  heavyWatcher: SignedIn,
  afterReports: () => Promise<void>,
): Endpoint[] {
  const C = connections;
  // Each connection a fan of its own moving through the videos; every report passes the 30 s
  // mark, so the batch writes resume points, view marks and day totals on every flush.
  const reports = Array.from({ length: C }, (_, k) =>
    videoIds.map((id, step) => report(id, viewers[k % viewers.length]!, step)),
  );
  const own = (path: string) =>
    clientGet(`/api/users/${heavyWatcher.userId}${path}`, bearer(heavyWatcher));
  const lists = {
    continueWatching: [own('/continue-watching')],
    history: [own('/history?page=1'), own('/history?page=2')],
    myList: [own('/list?page=1'), own('/list/ids')],
  };
  const watched = SCALE_HEAVY_WATCHER.watched.toLocaleString('en-US');
  const fanRow = (name: string, list: RequestSpec[]): Endpoint => ({
    name: `${name} (${watched} watched, ${FEW} conn)`,
    connections: FEW,
    perConnection: rotations(list, FEW),
    samples: list,
    targets: [{ metric: 'p99', op: '<=', value: P99 }],
  });
  return [
    {
      name: `POST /api/videos/{id}/progress (signed in, ${C} conn)`,
      connections: C,
      perConnection: reports,
      samples: reports[0]!.slice(0, 3),
      targets: [
        { metric: 'rps', op: '>=', value: REPORTS_PER_SECOND },
        { metric: 'p99', op: '<=', value: P99 },
      ],
      after: afterReports,
    },
    fanRow('GET continue watching', lists.continueWatching),
    fanRow('GET watch history, pages 1-2', lists.history),
    fanRow('GET My List and its ids', lists.myList),
  ];
}

/** The reports watchingRows sends, one list for all connections, for backgroundReports. */
export function reportsOf(videoIds: number[], viewers: SignedIn[]): RequestSpec[] {
  return videoIds.flatMap((id, step) => viewers.map((viewer) => report(id, viewer, step % 50)));
}
