import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import {
  searchData,
  searchParams,
  type SearchData,
} from '../../../shared/schemas/public-catalogue.js';
import { badRequest } from '../../lib/http-errors.js';
import { ok } from '../../lib/reply.js';
import { sendViewerPage } from '../likes/viewer-likes.js';
import { markLikedArtists } from '../artists/artist-presenter.js';
import { markLikedVideos } from '../videos/video-presenter.js';
import { artistDependency, videoDependency, type PageRecipe } from '../page-cache/page-cache.js';
import { sendCachedPage } from '../page-cache/send-cached-page.js';
import { buildSearchResults } from './search-results-builder.js';

/**
 * GET /api/search/{query}: artists and videos for the global search (and the admin's artist
 * search). Private videos are found by administrators only. Everyone else's results come from
 * the page cache, per exact search text, with two queries for a signed-in viewer's likes.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const publicResults = (term: string): PageRecipe<SearchData> => ({
    build: async () => {
      const data = await buildSearchResults(app.db, term, {
        includePrivate: false,
        viewerId: null,
      });
      const artistIds = data.artists.map((artist) => artistDependency(artist.id));
      return {
        data,
        dependsOn: [...artistIds, ...data.videos.map((video) => videoDependency(video.id))],
      };
    },
    serialize: (data) => JSON.stringify(ok(data, catalogueMessages.searchDone)),
  });

  routes.get(
    '/search/:query',
    {
      schema: {
        tags: ['catalogue'],
        params: searchParams,
        response: { 200: envelope(searchData), 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      const viewer = request.user;
      const term = request.params.query;
      // Administrators find private videos too, so their results are never the cached ones.
      if (viewer?.isAdmin) {
        const data = await buildSearchResults(app.db, term, {
          includePrivate: true,
          viewerId: viewer.id,
        });
        return ok(data, catalogueMessages.searchDone);
      }
      const page = (await app.pageCache.get(`search/${term}`, publicResults(term)))!;
      if (!viewer) return sendCachedPage(request, reply, page);
      const { artists, videos, total } = page.data;
      return sendViewerPage(request, reply, app, viewer.id, {
        page,
        ids: {
          artists: artists.map((artist) => artist.id),
          videos: videos.map((video) => video.id),
        },
        answer: (liked) =>
          ok(
            {
              artists: markLikedArtists(artists, liked.artists),
              videos: markLikedVideos(videos, liked.videos),
              total,
            },
            catalogueMessages.searchDone,
          ),
      });
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
