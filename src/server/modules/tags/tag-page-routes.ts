import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exampleArtist, exampleArtistTag, exampleVideo } from '@server/lib/api-examples.js';
import { answerWithExample, errorResponses } from '@server/lib/route-schema.js';
import { idParam } from '@shared/schemas/fields.js';
import { tagPageData, tagPageQuery } from '@shared/schemas/public-catalogue.js';
import { API_READS } from '@shared/public-pages.js';
import { servePublicPage } from '../public-pages/public-page.js';
import { tagPage } from './tag-page.js';

/**
 * GET /api/tag/{id}?page=&pageSize=: the category page. Private videos count for administrators
 * only.
 */
export async function tagPageRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_READS.tag,
    {
      config: { access: 'public' },
      schema: {
        summary: 'A category page: a page of the videos with that tag',
        tags: ['catalogue'],
        params: z.object({ id: idParam }),
        querystring: tagPageQuery,
        response: {
          200: answerWithExample(tagPageData, {
            status: 200,
            data: {
              ...exampleArtistTag,
              videos: [exampleVideo],
              artistId: exampleArtist.id,
              total: 1,
            },
            message: tagPage.message,
          }),
          ...errorResponses({ 404: 'No tag has that id.' }),
        },
      },
    },
    async (request, reply) =>
      servePublicPage(app, request, reply, tagPage, { ...request.params, ...request.query }),
  );
}
