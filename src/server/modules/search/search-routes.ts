import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/api-envelope.js';
import { errorResponses } from '../../lib/route-schema.js';
import { apiMessages } from '../../../shared/messages/api.js';
import {
  searchData,
  searchPageQuery,
  searchParams,
} from '../../../shared/schemas/public-catalogue.js';
import { badRequest } from '../../lib/http-errors.js';
import { servePublicPage } from '../public-pages/public-page.js';
import { searchPage } from './search-page.js';

/**
 * GET /api/search/{query}?page=&pageSize=: artists and a page of videos for the global search
 * (and the admin's artist search). Private videos are found by administrators only.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/search/:query',
    {
      schema: {
        summary: 'Search artists and videos (typo-tolerant)',
        tags: ['catalogue'],
        params: searchParams,
        querystring: searchPageQuery,
        response: { 200: envelope(searchData) },
      },
    },
    async (request, reply) =>
      servePublicPage(app, request, reply, searchPage, { ...request.params, ...request.query }),
  );

  // '/api/search/' (trailing slashes are ignored) is a search for nothing, not an unknown route.
  routes.get(
    '/search',
    {
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
