import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { idParam } from '../../../shared/schemas/fields.js';
import { tagPageData, tagPageQuery } from '../../../shared/schemas/public-catalogue.js';
import { notFound } from '../../lib/http-errors.js';
import { ok } from '../../lib/reply.js';
import { presentVideos } from '../videos/video-presenter.js';
import { findTagWithArtist, listTagVideos } from './tag-page-repository.js';

/** GET /api/tag/{id}?page=&pageSize=: the category page. Private videos count for admins only. */
export async function tagPageRoutes(app: FastifyInstance): Promise<void> {
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
    async (request) => {
      const viewer = request.user;
      const tag = await findTagWithArtist(app.db, request.params.id);
      if (!tag) throw notFound(apiMessages.tagNotFound);
      const { page, pageSize } = request.query;
      const { rows, total } = await listTagVideos(app.db, {
        tagId: tag.id,
        includePrivate: viewer?.isAdmin ?? false,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const videos = await presentVideos(app.db, rows, viewer?.id ?? null);
      return ok({ ...tag, videos, total }, catalogueMessages.tagLoaded);
    },
  );
}
