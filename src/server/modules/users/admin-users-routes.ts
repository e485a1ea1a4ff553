import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '../../../shared/api-envelope.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { peopleMessages } from '../../../shared/messages/people.js';
import {
  adminInfoSchema,
  adminListSchema,
  createAdminBody,
  createdAdminSchema,
  peopleListQuery,
  updateAdminBody,
  userListSchema,
} from '../../../shared/schemas/people.js';
import { normalizeEmail } from '../../../shared/validation.js';
import { conflict, notFound, refuseChangedReadOnly } from '../../lib/http-errors.js';
import { created, ok } from '../../lib/reply.js';
import { requireAdmin } from '../../plugins/authentication.js';
import { hashPassword } from '../auth/password-hashing.js';
import { toAdminInfo, toListedPerson } from './people-presenter.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { findUserById, insertUser, listUsers, updateUser } from './users-repository.js';
import { assertNotCommonPassword } from '../auth/common-passwords.js';
import { errorResponses } from '../../lib/route-schema.js';

const emailTaken = errorResponses({ 409: 'Another account has that email.' });

/** GET /api/users, GET/POST/PUT /api/admin/users: the admin user dashboard. */
export async function adminUsersRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** One page of users or administrators, filtered as the dashboard asks. */
  async function listPeople(isAdmin: boolean, query: z.output<typeof peopleListQuery>) {
    const { rows, total } = await listUsers(app.db, {
      isAdmin,
      name: query.q || undefined,
      lastLoginDays: query.days,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const pageInfo = { total, page: query.page, pageSize: query.pageSize };
    return { people: rows.map(toListedPerson), pageInfo };
  }

  routes.get(
    '/users',
    {
      schema: {
        summary: 'List fans (accounts that are not administrators)',
        tags: ['admin users'],
        querystring: peopleListQuery,
        response: { 200: envelope(userListSchema) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { people, pageInfo } = await listPeople(false, request.query);
      return ok({ users: people, pageInfo }, peopleMessages.usersListed);
    },
  );

  routes.get(
    '/admin/users',
    {
      schema: {
        summary: 'List administrators',
        tags: ['admin users'],
        querystring: peopleListQuery,
        response: { 200: envelope(adminListSchema) },
      },
    },
    async (request) => {
      requireAdmin(request);
      const { people, pageInfo } = await listPeople(true, request.query);
      return ok({ admins: people, pageInfo }, peopleMessages.adminsListed);
    },
  );

  routes.post(
    '/admin/users',
    {
      schema: {
        summary: 'Create an administrator',
        tags: ['admin users'],
        body: createAdminBody,
        response: { 201: envelope(createdAdminSchema), ...emailTaken },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const body = request.body;
      assertNotCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      try {
        const user = await insertUser(app.db, {
          email: normalizeEmail(body.email),
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          isAdmin: true,
        });
        const { id, name, email, first_name, last_name } = toListedPerson(user);
        return created(reply, { id, name, email, first_name, last_name }, apiMessages.adminCreated);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(apiMessages.emailTaken);
        throw error;
      }
    },
  );

  routes.put(
    '/admin/users',
    {
      schema: {
        summary: 'Edit an account (names and email)',
        tags: ['admin users'],
        body: updateAdminBody,
        response: {
          200: envelope(adminInfoSchema),
          ...errorResponses({ 404: 'No account has that id.' }),
          ...emailTaken,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
      const body = request.body;
      if (body.isAdmin !== undefined) {
        // Sent back with the account as read: only the stored value is accepted (and not written).
        const stored = await findUserById(app.db, body.id);
        if (!stored) throw notFound(apiMessages.userNotFound);
        refuseChangedReadOnly('isAdmin', body.isAdmin, stored.isAdmin);
      }
      try {
        const user = await updateUser(app.db, body.id, {
          email: normalizeEmail(body.email),
          firstName: body.firstName,
          lastName: body.lastName,
        });
        if (!user) throw notFound(apiMessages.userNotFound);
        return ok(toAdminInfo(user), apiMessages.adminUpdated);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(apiMessages.emailTaken);
        throw error;
      }
    },
  );
}
