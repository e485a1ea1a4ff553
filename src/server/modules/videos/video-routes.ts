import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { idParam } from '../../../shared/schemas/fields.js';
import { videoPageData, type VideoPageData } from '../../../shared/schemas/public-catalogue.js';
import { notFound } from '../../lib/http-errors.js';
import { ok } from '../../lib/reply.js';
import { sendViewerPage } from '../likes/viewer-likes.js';
import { markLikedVideos } from './video-presenter.js';
import { videoDependency, type PageRecipe } from '../page-cache/page-cache.js';
import { sendCachedPage } from '../page-cache/send-cached-page.js';
import { buildVideoPage, videoPageVideoIds } from './video-page-builder.js';

/**
 * GET /api/videos/{id}: the video page, and the admin editor's loader. A private video is a 404
 * for everyone but administrators, so its existence does not leak. Visitors and users are
 * served from the page cache (users with one query for their likes); administrators, who may
 * see private videos, always from the database.
 */
export async function videoRoutes(app: FastifyInstance): Promise<void> {
  const serialize = (data: VideoPageData) =>
    JSON.stringify(ok(data, catalogueMessages.videoLoaded));
  const publicPage = (id: number): PageRecipe<VideoPageData> => ({
    build: async () => {
      const data = await buildVideoPage(app.db, id, { includePrivate: false, viewerId: null });
      return data && { data, dependsOn: videoPageVideoIds(data).map(videoDependency) };
    },
    serialize,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/videos/:id',
    {
      schema: {
        tags: ['catalogue'],
        params: z.object({ id: idParam }),
        response: { 200: envelope(videoPageData), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const viewer = request.user;
      const { id } = request.params;
      if (viewer?.isAdmin) {
        const data = await buildVideoPage(app.db, id, {
          includePrivate: true,
          viewerId: viewer.id,
        });
        if (!data) throw notFound(apiMessages.videoNotFound);
        return ok(data, catalogueMessages.videoLoaded);
      }
      const page = await app.pageCache.get(`videos/${id}`, publicPage(id));
      if (!page) throw notFound(apiMessages.videoNotFound);
      if (!viewer) return sendCachedPage(request, reply, page);
      const { video, suggestedVideos } = page.data;
      return sendViewerPage(request, reply, app, viewer.id, {
        page,
        ids: { artists: [], videos: [video.id, ...suggestedVideos.map((each) => each.id)] },
        answer: (liked) =>
          ok(
            {
              video: markLikedVideos([video], liked.videos)[0]!,
              suggestedVideos: markLikedVideos(suggestedVideos, liked.videos),
            },
            catalogueMessages.videoLoaded,
          ),
      });
    },
  );
}
