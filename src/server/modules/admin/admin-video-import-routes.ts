import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import {
  channelImportResult,
  importVideoBody,
  importVideosQuery,
} from '../../../shared/schemas/admin-videos.js';
import { videoSchema } from '../../../shared/schemas/catalogue.js';
import { created, ok } from '../../lib/reply.js';
import { requireAdmin } from '../../plugins/authentication.js';
import { presentVideos } from '../videos/video-presenter.js';
import { importChannelUploads, importOneVideo } from './video-import.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schema.js';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/** GET /api/admin/videos/import (one link, or the whole channel) and POST /api/admin/videos {id}. */
export async function adminVideoImportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function importAndPresent(youtubeId: string, adminId: number) {
    const row = await importOneVideo(app.db, app.youtube, youtubeId, adminId);
    const [video] = await presentVideos(app.db, [row], adminId);
    return video!;
  }

  routes.get(
    '/admin/videos/import',
    {
      schema: {
        tags: ['admin videos'],
        security: bearerSecurity,
        querystring: importVideosQuery,
        response: {
          200: envelope(channelImportResult),
          201: envelope(videoSchema),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const { link } = request.query;
      if (link === undefined) {
        const result = await importChannelUploads(app.db, app.youtube, admin.id);
        return ok(result, apiMessages.videosImported);
      }
      return created(reply, await importAndPresent(link, admin.id), apiMessages.videoImported);
    },
  );

  routes.post(
    '/admin/videos',
    {
      schema: {
        tags: ['admin videos'],
        security: bearerSecurity,
        body: importVideoBody,
        response: { 201: envelope(videoSchema), ...errors },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const video = await importAndPresent(request.body.id, admin.id);
      return created(reply, video, apiMessages.videoImported);
    },
  );
}
