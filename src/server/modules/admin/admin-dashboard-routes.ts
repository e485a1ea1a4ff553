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
import { findDashboardJson } from './dashboard-repository.js';
import { findLikedArtistIds, findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { markLikedArtists, markLikedVideos } from '../likes/liked-marks.js';

/**
 * GET /api/admin/dashboard: data.episodes and data.artists, the ten most viewed of each over the
 * last 30 days (then the most liked).
 */
export async function adminDashboardRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The dashboard: the ten most viewed videos and artists of the last 30 days',
        tags: ['admin'],
        response: {
          200: answerWithExample(adminDashboard, {
            status: 200,
            data: {
              episodes: [exampleVideo, secondVideo].map((video, rank) => ({
                ...video,
                isLiked: false,
                views_30d: [1_840, 960][rank]!,
              })),
              artists: [exampleArtist, secondArtist].map((artist, rank) => ({
                ...artist,
                isLiked: false,
                views_30d: [3_120, 1_275][rank]!,
              })),
            },
            message: 'OK',
          }),
        },
      },
    },
    async (request) => {
      const admin = callerOf(request);
      const { episodes, artists } = JSON.parse(await findDashboardJson(app.db)) as AdminDashboard;
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
}
