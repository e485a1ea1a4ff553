import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiMessages } from '@shared/messages/api.js';
import { peopleMessages } from '@shared/messages/people.js';
import {
  type Account,
  adminInfoSchema,
  adminListSchema,
  createAdminBody,
  createdAdminSchema,
  type ListedPerson,
  peopleListQuery,
  updateAdminBody,
  userListSchema,
} from '@shared/schemas/people.js';
import { normalizeEmail } from '@shared/validation.js';
import { notFound, refuseChangedReadOnly } from '@server/lib/http-errors.js';
import { conflictWhenTaken } from '@server/lib/constraint-errors.js';
import { created, ok } from '@server/lib/reply.js';

import { hashPassword } from '../auth/password-hashing.js';
import { toAdminInfo, toListedPerson } from './people-presenter.js';
import { saveAccount } from './save-account.js';
import { accountEditExamples } from './account-edit-examples.js';
import { findUserById, insertUser, listUsers } from './users-repository.js';
import { assertNotCommonPassword } from '../auth/common-passwords.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { answerCreated } from '@server/lib/answer-created.js';
import { exampleAccount } from '@server/lib/api-examples.js';

const emailTaken = errorResponses({ 409: 'Another account has that email.' });

const listedFan: ListedPerson = {
  id: exampleAccount.id,
  name: `${exampleAccount.first_name} ${exampleAccount.last_name}`,
  first_name: exampleAccount.first_name,
  last_name: exampleAccount.last_name,
  email: exampleAccount.email,
  last_login: '2025-03-15T20:41:07.000Z',
};
/** An administrator made with POST /api/admin/users, who has not signed in yet. */
const newAdmin = {
  id: 43,
  name: 'Wade Tillman',
  first_name: 'Wade',
  last_name: 'Tillman',
  email: 'wade@example.com',
};
const listedAdmin: ListedPerson = { ...newAdmin, last_login: null };
const firstPage = (total: number) => ({ total, page: 1, pageSize: 100 });
const accountEdit = bodyWithExamples<typeof updateAdminBody, Account>(
  updateAdminBody,
  accountEditExamples('Names and email', { lastName: 'Webb-Lynn' }, { last_name: 'Webb-Lynn' }),
);

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
      config: { access: 'admin' },
      schema: {
        summary: 'List fans (accounts that are not administrators)',
        tags: ['admin users'],
        querystring: peopleListQuery,
        response: {
          200: answerWithExample(userListSchema, {
            status: 200,
            data: { users: [listedFan], pageInfo: firstPage(1) },
            message: peopleMessages.usersListed,
          }),
        },
      },
    },
    async (request) => {
      const { people, pageInfo } = await listPeople(false, request.query);
      return ok({ users: people, pageInfo }, peopleMessages.usersListed);
    },
  );

  routes.get(
    '/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List administrators',
        tags: ['admin users'],
        querystring: peopleListQuery,
        response: {
          200: answerWithExample(adminListSchema, {
            status: 200,
            data: { admins: [listedAdmin], pageInfo: firstPage(1) },
            message: peopleMessages.adminsListed,
          }),
        },
      },
    },
    async (request) => {
      const { people, pageInfo } = await listPeople(true, request.query);
      return ok({ admins: people, pageInfo }, peopleMessages.adminsListed);
    },
  );

  routes.post(
    '/admin/users',
    {
      config: { access: 'admin', changes: ['viewers'] },
      schema: {
        summary: 'Create an administrator',
        tags: ['admin users'],
        body: bodyWithExamples(createAdminBody, {
          form: {
            summary: 'The New Admin form (the client splits the name)',
            value: {
              email: newAdmin.email,
              firstName: newAdmin.first_name,
              lastName: newAdmin.last_name,
              password: 'Fiddle-Tune-2024',
            },
          },
        }),
        response: {
          201: answerCreated(createdAdminSchema, newAdmin, apiMessages.adminCreated),
          ...emailTaken,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertNotCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const user = await conflictWhenTaken(apiMessages.emailTaken, () =>
        insertUser(app.db, {
          email: normalizeEmail(body.email),
          passwordHash,
          firstName: body.firstName,
          lastName: body.lastName,
          isAdmin: true,
        }),
      );
      const { id, name, email, first_name, last_name } = toListedPerson(user);
      return created(reply, { id, name, email, first_name, last_name }, apiMessages.adminCreated);
    },
  );

  routes.put(
    '/admin/users',
    {
      config: { access: 'admin', changes: ['viewers'] },
      schema: {
        summary: 'Edit an account (names and email)',
        tags: ['admin users'],
        body: accountEdit,
        response: {
          200: answerWithExample(adminInfoSchema, {
            status: 200,
            data: {
              id: exampleAccount.id,
              first_name: exampleAccount.first_name,
              last_name: 'Webb-Lynn',
              email: exampleAccount.email,
            },
            message: apiMessages.adminUpdated,
          }),
          ...errorResponses({ 404: 'No account has that id.' }),
          ...emailTaken,
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.isAdmin !== undefined) {
        // Sent back with the account as read: only the stored value is accepted (and not written).
        const stored = await findUserById(app.db, body.id);
        if (!stored) throw notFound(apiMessages.userNotFound);
        refuseChangedReadOnly('isAdmin', body.isAdmin, stored.isAdmin);
      }
      const { email, firstName, lastName } = body;
      const user = await saveAccount(app.db, body.id, { email, firstName, lastName });
      return ok(toAdminInfo(user), apiMessages.adminUpdated);
    },
  );
}
