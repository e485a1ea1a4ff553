import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { idParam } from '../../../shared/schemas/fields.js';
import { videoPageData } from '../../../shared/schemas/public-catalogue.js';
import { notFound } from '../../lib/http-errors.js';
import { ok } from '../../lib/reply.js';
import { presentVideos } from './video-presenter.js';
import { findVideoById, listSuggestedVideos } from './videos-repository.js';

const SUGGESTED_VIDEOS = 12;

/**
 * GET /api/videos/{id}: the video page, and the admin editor's loader. A private video is a 404
 * for everyone but administrators, so its existence does not leak.
 */
export async function videoRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/videos/:id',
    {
      schema: {
        tags: ['catalogue'],
        params: z.object({ id: idParam }),
        response: { 200: envelope(videoPageData), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const viewer = request.user;
      const row = await findVideoById(app.db, request.params.id);
      if (!row || (!row.isPublic && !viewer?.isAdmin)) throw notFound(apiMessages.videoNotFound);
      const suggested = await listSuggestedVideos(app.db, row.id, SUGGESTED_VIDEOS);
      const [video, ...suggestedVideos] = await presentVideos(
        app.db,
        [row, ...suggested],
        viewer?.id ?? null,
      );
      return ok({ video: video!, suggestedVideos }, catalogueMessages.videoLoaded);
    },
  );
}
