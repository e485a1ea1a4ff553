import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorEnvelope } from '../../../shared/api-envelope.js';
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
import { bearerSecurity, errorResponses } from '../../lib/route-schema.js';

const admin = { tags: ['admin', 'artists'], security: bearerSecurity };
const errors = errorResponses(400, 401, 403);
const writeErrors = { ...errors, 404: errorEnvelope, 409: errorEnvelope };

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
        querystring: adminArtistsQuery,
        response: { 200: envelope(adminArtistsData), ...errors },
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
        body: createArtistBody,
        response: { 201: envelope(artistSchema), ...writeErrors },
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
        body: updateArtistBody,
        response: { 200: envelope(artistSchema), ...writeErrors },
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
        body: deleteArtistBody,
        response: { 200: envelope(z.null()), ...errors, 404: errorEnvelope },
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
