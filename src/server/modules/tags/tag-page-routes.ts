import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { idParam } from '../../../shared/schemas/fields.js';
import {
  tagPageData,
  tagPageQuery,
  type TagPageData,
} from '../../../shared/schemas/public-catalogue.js';
import { notFound } from '../../lib/http-errors.js';
import { ok } from '../../lib/reply.js';
import { sendViewerPage } from '../likes/viewer-likes.js';
import { markLikedVideos } from '../videos/video-presenter.js';
import { videoDependency, type PageRecipe } from '../page-cache/page-cache.js';
import { sendCachedPage } from '../page-cache/send-cached-page.js';
import { buildTagPage } from './tag-page-builder.js';

/**
 * GET /api/tag/{id}?page=&pageSize=: the category page. Private videos count for admins only, so
 * their pages come from the database; everyone else's from the page cache, with one query for a
 * signed-in viewer's likes.
 */
export async function tagPageRoutes(app: FastifyInstance): Promise<void> {
  const publicPage = (id: number, page: number, pageSize: number): PageRecipe<TagPageData> => ({
    build: async () => {
      const data = await buildTagPage(app.db, {
        id,
        page,
        pageSize,
        includePrivate: false,
        viewerId: null,
      });
      return data && { data, dependsOn: data.videos.map((video) => videoDependency(video.id)) };
    },
    serialize: (data) => JSON.stringify(ok(data, catalogueMessages.tagLoaded)),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/tag/:id',
    {
      schema: {
        tags: ['catalogue'],
        params: z.object({ id: idParam }),
        querystring: tagPageQuery,
        response: { 200: envelope(tagPageData), 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const viewer = request.user;
      const { id } = request.params;
      const { page, pageSize } = request.query;
      if (viewer?.isAdmin) {
        const data = await buildTagPage(app.db, {
          id,
          page,
          pageSize,
          includePrivate: true,
          viewerId: viewer.id,
        });
        if (!data) throw notFound(apiMessages.tagNotFound);
        return ok(data, catalogueMessages.tagLoaded);
      }
      const cached = await app.pageCache.get(
        `tag/${id}?page=${page}&pageSize=${pageSize}`,
        publicPage(id, page, pageSize),
      );
      if (!cached) throw notFound(apiMessages.tagNotFound);
      if (!viewer) return sendCachedPage(request, reply, cached);
      return sendViewerPage(request, reply, app, viewer.id, {
        page: cached,
        ids: { artists: [], videos: cached.data.videos.map((video) => video.id) },
        answer: (liked) =>
          ok(
            { ...cached.data, videos: markLikedVideos(cached.data.videos, liked.videos) },
            catalogueMessages.tagLoaded,
          ),
      });
    },
  );
}
