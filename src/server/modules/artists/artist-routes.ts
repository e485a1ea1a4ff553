import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import {
  artistDetailData,
  artistLetterParams,
  artistListData,
  artistPhraseParams,
} from '../../../shared/schemas/artists.js';
import { idParam } from '../../../shared/schemas/fields.js';
import { notFound } from '../../lib/http-errors.js';
import { ok } from '../../lib/reply.js';
import { requireUser } from '../../plugins/authentication.js';
import { presentVideos } from '../videos/video-presenter.js';
import { presentArtists } from './artist-presenter.js';
import {
  ARTIST_VIDEOS_LIMIT,
  findArtistById,
  listArtistsByLetter,
  listFeaturedArtists,
  listTagVideos,
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

  routes.get(
    '/artists/:id',
    {
      schema: {
        ...signedIn,
        params: z.object({ id: idParam }),
        response: { 200: envelope(artistDetailData), ...errors, 404: errorEnvelope },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await findArtistById(app.db, request.params.id);
      if (!row) throw notFound(apiMessages.artistNotFound);
      const videoRows = await listTagVideos(app.db, row.tagId, {
        includePrivate: user.isAdmin,
        limit: ARTIST_VIDEOS_LIMIT,
      });
      const [[artist], videos] = await Promise.all([
        presentArtists(app.db, [row], user.id),
        presentVideos(app.db, videoRows, user.id),
      ]);
      return ok({ artist: artist!, videos, tagid: row.tagId });
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
