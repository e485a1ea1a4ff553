import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import {
  artistDetailData,
  artistLetterParams,
  type ArtistDetailData,
  artistListData,
  artistPhraseParams,
} from '../../../shared/schemas/artists.js';
import { idParam } from '../../../shared/schemas/fields.js';
import { notFound } from '../../lib/http-errors.js';
import { ok } from '../../lib/reply.js';
import { requireUser } from '../../plugins/authentication.js';
import { artistDependency, videoDependency, type PageRecipe } from '../page-cache/page-cache.js';
import { sendViewerPage } from '../likes/viewer-likes.js';
import { buildArtistPage } from './artist-page-builder.js';
import { markLikedArtists, presentArtists } from './artist-presenter.js';
import { markLikedVideos } from '../videos/video-presenter.js';
import {
  listArtistsByLetter,
  listFeaturedArtists,
  searchArtistsByPhrase,
} from './artists-repository.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schema.js';

const signedIn = { tags: ['artists'], security: bearerSecurity };
const errors = errorResponses(400, 401);

/**
 * The artists pages: GET /api/artists/phrase/{text}, /api/artists/letter/{letter}, /api/artists/{id}
 * (signed-in users, spec section 6) and GET /api/featured-artists (open to everyone).
 */
export async function artistRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/artists/phrase/:text',
    {
      schema: {
        ...signedIn,
        params: artistPhraseParams,
        response: { 200: envelope(artistListData), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await searchArtistsByPhrase(app.db, request.params.text);
      return ok({ artists: await presentArtists(app.db, rows, user.id) });
    },
  );

  routes.get(
    '/artists/letter/:letter',
    {
      schema: {
        ...signedIn,
        params: artistLetterParams,
        response: { 200: envelope(artistListData), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await listArtistsByLetter(app.db, request.params.letter);
      return ok({ artists: await presentArtists(app.db, rows, user.id) });
    },
  );

  const publicPage = (id: number): PageRecipe<ArtistDetailData> => ({
    build: async () => {
      const data = await buildArtistPage(app.db, id, { includePrivate: false, viewerId: null });
      if (!data) return null;
      const videoIds = data.videos.map((video) => videoDependency(video.id));
      return { data, dependsOn: [artistDependency(id), ...videoIds] };
    },
    serialize: (data) => JSON.stringify(ok(data)),
  });

  routes.get(
    '/artists/:id',
    {
      schema: {
        ...signedIn,
        params: z.object({ id: idParam }),
        response: { 200: envelope(artistDetailData), ...errors, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      // Administrators see private videos too, so their page is never the cached one.
      if (user.isAdmin) {
        const data = await buildArtistPage(app.db, id, { includePrivate: true, viewerId: user.id });
        if (!data) throw notFound(apiMessages.artistNotFound);
        return ok(data);
      }
      const page = await app.pageCache.get(`artists/${id}`, publicPage(id));
      if (!page) throw notFound(apiMessages.artistNotFound);
      const { artist, videos, tagid } = page.data;
      return sendViewerPage(request, reply, app, user.id, {
        page,
        ids: { artists: [artist.id], videos: videos.map((video) => video.id) },
        answer: (liked) =>
          ok({
            artist: markLikedArtists([artist], liked.artists)[0]!,
            videos: markLikedVideos(videos, liked.videos),
            tagid,
          }),
      });
    },
  );

  routes.get(
    '/featured-artists',
    { schema: { tags: ['artists'], response: { 200: envelope(artistListData) } } },
    async (request) => {
      const rows = await listFeaturedArtists(app.db);
      return ok({ artists: await presentArtists(app.db, rows, request.user?.id ?? null) });
    },
  );
}
