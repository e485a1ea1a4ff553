import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import {
  adminVideoSearchParams,
  adminVideoSearchQuery,
  adminVideoSearchResult,
} from '../../../shared/schemas/admin-videos.js';
import { ok } from '../../lib/reply.js';
import { requireAdmin } from '../../plugins/authentication.js';
import { presentVideos } from '../videos/video-presenter.js';
import { searchVideosByTitle } from './admin-videos-repository.js';
import { bearerSecurity } from '../../lib/route-schema.js';

/** GET /api/admin/search/videos/:query — the All Videos panel's title search, private videos included. */
export async function adminVideoSearchRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/search/videos/:query',
    {
      schema: {
        tags: ['admin videos'],
        security: bearerSecurity,
        params: adminVideoSearchParams,
        querystring: adminVideoSearchQuery,
        response: {
          200: envelope(adminVideoSearchResult),
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
        },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { page, pageSize } = request.query;
      const { rows, total } = await searchVideosByTitle(app.db, request.params.query, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const videos = await presentVideos(app.db, rows, admin.id);
      return ok({ videos, pageInfo: { videoResults: total, page, pageSize } });
    },
  );
}
