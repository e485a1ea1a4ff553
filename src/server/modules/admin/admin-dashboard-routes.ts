import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { adminDashboard } from '../../../shared/schemas/admin-videos.js';
import { ok } from '../../lib/reply.js';
import { requireAdmin } from '../../plugins/authentication.js';
import { presentArtists } from '../artists/artist-presenter.js';
import { presentVideos } from '../videos/video-presenter.js';
import { mostLikedArtists, mostLikedVideos } from './dashboard-repository.js';
import { bearerSecurity } from '../../lib/route-schema.js';

/** The dashboard's Popular Videos and Popular Artists lists. */
const POPULAR_COUNT = 10;

/** GET /api/admin/dashboard: data.episodes and data.artists, the ten most liked of each. */
export async function adminDashboardRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        security: bearerSecurity,
        response: { 200: envelope(adminDashboard), 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const [videoRows, artistRows] = await Promise.all([
        mostLikedVideos(app.db, POPULAR_COUNT),
        mostLikedArtists(app.db, POPULAR_COUNT),
      ]);
      const [episodes, artists] = await Promise.all([
        presentVideos(app.db, videoRows, admin.id),
        presentArtists(app.db, artistRows, admin.id),
      ]);
      return ok({ episodes, artists });
    },
  );
}
