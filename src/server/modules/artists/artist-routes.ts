import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  artistDetailData,
  artistLetterParams,
  artistListData,
  artistPhraseParams,
} from '@shared/schemas/artists.js';
import { idParam } from '@shared/schemas/fields.js';
import { ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import { servePublicPage } from '../public-pages/public-page.js';
import { artistPage } from './artist-page.js';
import { featuredArtistsPage } from './featured-artists-page.js';
import { presentArtists } from './artist-presenter.js';
import { listArtistsByLetter, searchArtistsByPhrase } from './artists-repository.js';
import { answerWithExample, errorResponses } from '@server/lib/route-schema.js';
import { exampleArtist, exampleVideo, secondArtist } from '@server/lib/api-examples.js';

const signedIn = { tags: ['artists'] };
/** Signed-in callers see whether they like each artist. */
const someArtists = answerWithExample(artistListData, {
  status: 200,
  data: {
    artists: [
      { ...exampleArtist, isLiked: true },
      { ...secondArtist, isLiked: false },
    ],
  },
  message: 'OK',
});

/**
 * The artists pages: GET /api/artists/phrase/{text}, /api/artists/letter/{letter}, /api/artists/{id}
 * (signed-in users only) and GET /api/featured-artists (open to everyone).
 */
export async function artistRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/artists/phrase/:text',
    {
      config: { access: 'user' },
      schema: {
        ...signedIn,
        summary: 'Find artists by a phrase of 3 characters or more (typo-tolerant)',
        params: artistPhraseParams,
        response: { 200: someArtists },
      },
    },
    async (request) => {
      const user = callerOf(request);
      const rows = await searchArtistsByPhrase(app.db, request.params.text);
      return ok({ artists: await presentArtists(app.db, rows, user.id) });
    },
  );

  routes.get(
    '/artists/letter/:letter',
    {
      config: { access: 'user' },
      schema: {
        ...signedIn,
        summary: 'List the artists whose name starts with a letter',
        params: artistLetterParams,
        response: { 200: someArtists },
      },
    },
    async (request) => {
      const user = callerOf(request);
      const rows = await listArtistsByLetter(app.db, request.params.letter);
      return ok({ artists: await presentArtists(app.db, rows, user.id) });
    },
  );

  routes.get(
    '/artists/:id',
    {
      config: { access: 'user' },
      schema: {
        ...signedIn,
        summary: 'An artist page: the artist and their videos',
        params: z.object({ id: idParam }),
        response: {
          200: answerWithExample(artistDetailData, {
            status: 200,
            data: {
              artist: { ...exampleArtist, isLiked: true },
              videos: [{ ...exampleVideo, isLiked: false }],
              tagid: exampleArtist.tagid,
            },
            message: artistPage.message,
          }),
          ...errorResponses({ 404: 'No artist has that id.' }),
        },
      },
    },
    async (request, reply) => servePublicPage(app, request, reply, artistPage, request.params),
  );

  routes.get(
    '/featured-artists',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The featured artists',
        tags: ['artists'],
        response: {
          200: answerWithExample(artistListData, {
            status: 200,
            data: { artists: [exampleArtist] },
            message: featuredArtistsPage.message,
          }),
        },
      },
    },
    async (request, reply) => servePublicPage(app, request, reply, featuredArtistsPage, {}),
  );
}
