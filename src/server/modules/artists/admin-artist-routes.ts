import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@shared/messages/api.js';
import { artistsTagsMessages as am } from '@shared/messages/artists-tags.js';
import {
  adminArtistsData,
  adminArtistsQuery,
  createArtistBody,
  deleteArtistBody,
  updateArtistBody,
} from '@shared/schemas/artists.js';
import { artistSchema, type Artist } from '@shared/schemas/catalogue.js';
import { conflict, notFound, type HttpError } from '@server/lib/http-errors.js';
import { created, ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import { presentArtists } from './artist-presenter.js';
import {
  createArtist,
  deleteArtist,
  listArtistsPage,
  updateArtist,
  type ArtistWriteResult,
} from './artists-repository.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { answerCreated } from '@server/lib/answer-created.js';
import { exampleArtist, secondArtist } from '@server/lib/api-examples.js';

const admin = { tags: ['admin', 'artists'] };
const artistNotFound = errorResponses({ 404: 'No artist has that id.' });
const nameTaken = errorResponses({
  409: "Another artist has that name, or the artist's tag name is another artist's.",
});

/** A new artist gets a new id and a tag of its own name; nobody likes it yet. */
const newArtist: Artist = {
  id: 41,
  artistid: 41,
  name: 'Dottie Ray Sutton',
  description: 'Bluegrass fiddler and harmony singer, new to the show this season.',
  image: 'https://images.example.com/artists/dottie-ray-sutton.jpg',
  img_path: 'https://images.example.com/artists/dottie-ray-sutton.jpg',
  featured: 0,
  tagid: 58,
  like_count: 0,
};
const editedDescription = `${exampleArtist.description} Now on tour across Tennessee.`;

function writeFailure(reason: Exclude<ArtistWriteResult, { ok: true }>['reason']): HttpError {
  switch (reason) {
    case 'not-found':
      return notFound(apiMessages.artistNotFound);
    case 'artist-name-taken':
      return conflict(am.artistNameTaken);
    case 'tag-name-taken':
      return conflict(am.tagNameTaken);
  }
}

/** The back-office's artists: list with likes, create, edit, delete (administrators only). */
export async function adminArtistRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The artist just written, as the API shows it; a 404 if deleted in the meantime. */
  async function presentedArtist(id: number) {
    const [artist] = await presentArtists(app.db, [{ id }], null);
    if (!artist) throw notFound(apiMessages.artistNotFound);
    return artist;
  }

  routes.get(
    '/admin/artists',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: 'List artists with their like counts',
        querystring: adminArtistsQuery,
        response: {
          200: answerWithExample(adminArtistsData, {
            status: 200,
            data: {
              artists: [exampleArtist, secondArtist].map((artist) => ({
                ...artist,
                isLiked: false,
              })),
              pageInfo: { total: 2, page: 1, pageSize: 25 },
            },
            message: 'OK',
          }),
        },
      },
    },
    async (request) => {
      const user = callerOf(request);
      const { q, page, pageSize } = request.query;
      const { rows, total } = await listArtistsPage(app.db, {
        q: q || undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const artists = await presentArtists(app.db, rows, user.id);
      return ok({ artists, pageInfo: { total, page, pageSize } });
    },
  );

  routes.post(
    '/admin/artists',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: 'Create an artist (and its tag)',
        body: bodyWithExamples(createArtistBody, {
          form: {
            summary: 'The New Artist form',
            value: {
              name: newArtist.name,
              description: newArtist.description,
              img_path: newArtist.img_path,
              featured: '0',
            },
          },
          spec: {
            summary: "The spec's new artist, with `id: -1` (ignored)",
            value: {
              id: -1,
              name: newArtist.name,
              description: newArtist.description,
              image: newArtist.image,
              featured: 0,
            },
          },
        }),
        response: {
          201: answerCreated(artistSchema, newArtist, apiMessages.artistCreated),
          ...nameTaken,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await createArtist(app.db, {
        name: body.name,
        description: body.description,
        imageUrl: body.img_path,
        featured: body.featured,
      });
      if (!result.ok) throw writeFailure(result.reason);
      return created(reply, await presentedArtist(result.artist.id), apiMessages.artistCreated);
    },
  );

  routes.put(
    '/admin/artists',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: 'Edit an artist (renaming renames its tag)',
        body: bodyWithExamples(updateArtistBody, {
          form: {
            summary: 'The Edit Artist form',
            value: {
              id: exampleArtist.id,
              name: exampleArtist.name,
              description: editedDescription,
              featured: '1',
            },
          },
          asRead: {
            summary: 'The artist as read, edited (counts and tag are ignored)',
            value: { ...exampleArtist, description: editedDescription },
          },
        }),
        response: {
          200: answerWithExample(artistSchema, {
            status: 200,
            data: { ...exampleArtist, description: editedDescription },
            message: apiMessages.artistEdited,
          }),
          ...artistNotFound,
          ...nameTaken,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const result = await updateArtist(app.db, body.id, {
        name: body.name,
        description: body.description,
        imageUrl: body.img_path,
        featured: body.featured,
      });
      if (!result.ok) throw writeFailure(result.reason);
      return ok(await presentedArtist(result.artist.id), apiMessages.artistEdited);
    },
  );

  routes.delete(
    '/admin/artists',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: 'Delete an artist (its tag stays)',
        body: bodyWithExamples(deleteArtistBody, {
          byId: { summary: "The artist's id", value: { id: secondArtist.id } },
        }),
        response: {
          200: answerWithExample(z.null(), {
            status: 200,
            data: null,
            message: apiMessages.artistDeleted,
          }),
          ...artistNotFound,
        },
      },
    },
    async (request) => {
      if (!(await deleteArtist(app.db, request.body.id)))
        throw notFound(apiMessages.artistNotFound);
      return ok(null, apiMessages.artistDeleted);
    },
  );
}
