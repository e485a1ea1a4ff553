import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { searchData, searchParams } from '../../../shared/schemas/public-catalogue.js';
import { badRequest } from '../../lib/http-errors.js';
import { ok } from '../../lib/reply.js';
import { presentArtists } from '../artists/artist-presenter.js';
import { presentVideos } from '../videos/video-presenter.js';
import { searchArtists, searchVideos } from './search-repository.js';

/**
 * GET /api/search/{query}: artists and videos for the global search (and the admin's artist
 * search). Private videos are found by administrators only.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/search/:query',
    {
      schema: {
        tags: ['catalogue'],
        params: searchParams,
        response: { 200: envelope(searchData), 400: errorEnvelope },
      },
    },
    async (request) => {
      const viewer = request.user;
      const term = request.params.query;
      const [artistRows, videoRows] = await Promise.all([
        searchArtists(app.db, term),
        searchVideos(app.db, term, { includePrivate: viewer?.isAdmin ?? false }),
      ]);
      const viewerId = viewer?.id ?? null;
      const [artists, videos] = await Promise.all([
        presentArtists(app.db, artistRows, viewerId),
        presentVideos(app.db, videoRows, viewerId),
      ]);
      return ok(
        { artists, videos, total: artists.length + videos.length },
        catalogueMessages.searchDone,
      );
    },
  );

  // '/api/search/' (trailing slashes are ignored) is a search for nothing, not an unknown route.
  routes.get(
    '/search',
    { schema: { tags: ['catalogue'], response: { 400: errorEnvelope } } },
    async () => {
      throw badRequest(apiMessages.searchEmpty);
    },
  );
}
