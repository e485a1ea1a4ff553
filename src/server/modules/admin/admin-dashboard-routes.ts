import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exampleArtist,
  exampleVideo,
  secondArtist,
  secondVideo,
} from '@server/lib/api-examples.js';
import { answerWithExample } from '@server/lib/route-schema.js';
import { adminDashboard } from '@shared/schemas/admin-videos.js';
import { ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import type { AdminDashboard } from '@shared/schemas/admin-videos.js';
import { createLruCache } from '@server/lib/lru-cache.js';
import { rangeOf, type DayRange } from '../analytics/analytics-range.js';
import { findDailyViews } from '../analytics/daily-views-repository.js';

/** How long an instance keeps the lists: the API says they are up to a minute old. */
const DASHBOARD_MAX_AGE_MS = 60_000;

/** What the database writes: each item without its days, which are read beside it. */
interface Listed {
  episodes: Omit<AdminDashboard['episodes'][number], 'daily_views_30d'>[];
  artists: Omit<AdminDashboard['artists'][number], 'daily_views_30d'>[];
}
import { findDashboardJson } from './dashboard-repository.js';
import { findLikedArtistIds, findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { markLikedArtists, markLikedVideos } from '../likes/liked-marks.js';

/**
 * GET /api/admin/dashboard: data.episodes and data.artists, the ten most viewed of each over the
 * last 30 days (then the most liked), each with its views day by day.
 */
export async function adminDashboardRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The dashboard: the ten most viewed videos and artists of the last 30 days',
        description:
          "Ranked by the views of the last 30 UTC days (today included), then by likes. `daily_views_30d` has those views day by day, oldest first. The lists are up to a minute old (kept a minute per server instance); `isLiked` is the caller's own, always current.",
        tags: ['admin'],
        response: {
          200: answerWithExample(adminDashboard, {
            status: 200,
            data: {
              episodes: [exampleVideo, secondVideo].map((video, rank) => ({
                ...video,
                isLiked: false,
                views_30d: [1_840, 960][rank]!,
                daily_views_30d: exampleDays([1_840, 960][rank]!),
              })),
              artists: [exampleArtist, secondArtist].map((artist, rank) => ({
                ...artist,
                isLiked: false,
                views_30d: [3_120, 1_275][rank]!,
                daily_views_30d: exampleDays([3_120, 1_275][rank]!),
              })),
            },
            message: 'OK',
          }),
        },
      },
    },
    async (request) => {
      const admin = callerOf(request);
      const range = rangeOf({ days: '30' }, app.clock());
      const { episodes, artists } = (await kept.get(range.to, () => readLists(range)))!;
      const [likedVideos, likedArtists] = await Promise.all([
        findLikedVideoIds(
          app.db,
          admin.id,
          episodes.map((video) => video.id),
        ),
        findLikedArtistIds(
          app.db,
          admin.id,
          artists.map((artist) => artist.id),
        ),
      ]);
      return ok({
        episodes: markLikedVideos(episodes, likedVideos),
        artists: markLikedArtists(artists, likedArtists),
      });
    },
  );

  // Ranking reads the 30 days' view rows and the watched videos' tags (~50 ms at 100k), so the
  // lists are kept a minute per instance, one reading at a time, keyed by the day they end.
  const kept = createLruCache<string, AdminDashboard>({
    maxWeight: 2,
    weigh: () => 1,
    maxAgeMs: DASHBOARD_MAX_AGE_MS,
    now: () => app.clock().getTime(),
  });

  async function readLists(range: DayRange): Promise<AdminDashboard> {
    const { episodes, artists } = JSON.parse(await findDashboardJson(app.db, range)) as Listed;
    const daily = await findDailyViews(
      app.db,
      range,
      episodes.map((video) => video.id),
      artists.map((artist) => artist.tagid),
    );
    const none = () => new Array<number>(range.days).fill(0);
    return {
      episodes: episodes.map((video) => ({
        ...video,
        daily_views_30d: daily.byVideo.get(video.id) ?? none(),
      })),
      artists: artists.map((artist) => ({
        ...artist,
        daily_views_30d: daily.byTag.get(artist.tagid) ?? none(),
      })),
    };
  }
}

/** An example's thirty days adding up to its total, busier towards today. */
function exampleDays(total: number): number[] {
  const weights = Array.from({ length: 30 }, (_, day) => day + 1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const days = weights.map((weight) => Math.floor((total * weight) / sum));
  days[29]! += total - days.reduce((a, b) => a + b, 0);
  return days;
}
