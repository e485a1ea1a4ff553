import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exampleArtist, exampleVideo } from '@server/lib/api-examples.js';
import { answerWithExample, errorResponses } from '@server/lib/route-schema.js';
import { apiMessages } from '@shared/messages/api.js';
import { API_READS } from '@shared/public-pages.js';
import {
  SEARCH_PAGE_SIZE,
  searchData,
  searchPageQuery,
  searchParams,
} from '@shared/schemas/public-catalogue.js';
import { badRequest } from '@server/lib/http-errors.js';
import { servePublicPage } from '../public-pages/public-page.js';
import { searchPage } from './search-page.js';

/**
 * GET /api/search/{query}?page=&pageSize=: artists and a page of videos for the global search
 * (and the admin's artist search). Private videos are found by administrators only.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    API_READS.search,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Search artists and videos (typo-tolerant)',
        tags: ['catalogue'],
        params: searchParams,
        querystring: searchPageQuery,
        response: {
          200: answerWithExample(searchData, {
            status: 200,
            data: {
              artists: [exampleArtist],
              videos: [exampleVideo],
              total: 2,
              artistTotal: 1,
              videoTotal: 1,
              page: 1,
              pageSize: SEARCH_PAGE_SIZE,
            },
            message: searchPage.message,
          }),
        },
      },
    },
    async (request, reply) =>
      servePublicPage(app, request, reply, searchPage, { ...request.params, ...request.query }),
  );

  // '/api/search/' (trailing slashes are ignored) is a search for nothing, not an unknown route.
  routes.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Search for nothing: always refused (send the words in the path)',
        tags: ['catalogue'],
        response: errorResponses({ 400: 'There is nothing to search for.' }),
      },
    },
    async () => {
      throw badRequest(apiMessages.searchEmpty);
    },
  );
}
