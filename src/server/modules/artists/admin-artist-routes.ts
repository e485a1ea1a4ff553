import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { artistsTagsMessages as am } from '../../../shared/messages/artists-tags.js';
import {
  adminArtistsData,
  adminArtistsQuery,
  createArtistBody,
  deleteArtistBody,
  updateArtistBody,
} from '../../../shared/schemas/artists.js';
import { artistSchema } from '../../../shared/schemas/catalogue.js';
import { conflict, notFound, type HttpError } from '../../lib/http-errors.js';
import { created, ok } from '../../lib/reply.js';
import { requireAdmin } from '../../plugins/authentication.js';
import { presentArtists, toArtist } from './artist-presenter.js';
import {
  createArtist,
  deleteArtist,
  listArtistsPage,
  updateArtist,
  type ArtistWriteResult,
} from './artists-repository.js';
import { errorResponses } from '../../lib/route-schema.js';

const admin = { tags: ['admin', 'artists'] };
const artistNotFound = errorResponses({ 404: 'No artist has that id.' });
const nameTaken = errorResponses({
  409: "Another artist has that name, or the artist's tag name is another artist's.",
});

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

  routes.get(
    '/admin/artists',
    {
      schema: {
        ...admin,
        summary: 'List artists with their like counts',
        querystring: adminArtistsQuery,
        response: { 200: envelope(adminArtistsData) },
      },
    },
    async (request) => {
      const user = requireAdmin(request);
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
      schema: {
        ...admin,
        summary: 'Create an artist (and its tag)',
        body: createArtistBody,
        response: { 201: envelope(artistSchema), ...nameTaken },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const body = request.body;
      const result = await createArtist(app.db, {
        name: body.name,
        description: body.description,
        imageUrl: body.img_path,
        featured: body.featured,
      });
      if (!result.ok) throw writeFailure(result.reason);
      return created(reply, toArtist(result.artist), apiMessages.artistCreated);
    },
  );

  routes.put(
    '/admin/artists',
    {
      schema: {
        ...admin,
        summary: 'Edit an artist (renaming renames its tag)',
        body: updateArtistBody,
        response: { 200: envelope(artistSchema), ...artistNotFound, ...nameTaken },
      },
    },
    async (request) => {
      requireAdmin(request);
      const body = request.body;
      const result = await updateArtist(app.db, body.id, {
        name: body.name,
        description: body.description,
        imageUrl: body.img_path,
        featured: body.featured,
      });
      if (!result.ok) throw writeFailure(result.reason);
      return ok(toArtist(result.artist), apiMessages.artistEdited);
    },
  );

  routes.delete(
    '/admin/artists',
    {
      schema: {
        ...admin,
        summary: 'Delete an artist (its tag stays)',
        body: deleteArtistBody,
        response: { 200: envelope(z.null()), ...artistNotFound },
      },
    },
    async (request) => {
      requireAdmin(request);
      if (!(await deleteArtist(app.db, request.body.id)))
        throw notFound(apiMessages.artistNotFound);
      return ok(null, apiMessages.artistDeleted);
    },
  );
}
