import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@shared/messages/api.js';
import { peopleMessages } from '@shared/messages/people.js';
import { idParam } from '@shared/schemas/fields.js';
import {
  accountSchema,
  type Account,
  accountUpdateBody,
  changePasswordBody,
  deleteUserBody,
} from '@shared/schemas/people.js';
import { badRequest, conflict, notFound, refuseChangedReadOnly } from '@server/lib/http-errors.js';
import { created, ok } from '@server/lib/reply.js';
import { requireSelf, requireSelfOrAdmin } from '@server/plugins/authentication.js';
import { hashPassword, verifyPassword } from '../auth/password-hashing.js';
import { revokeUserSessions } from '../auth/session-repository.js';
import { toAccount } from './people-presenter.js';
import { deleteUserKeepingAnAdmin, findUserById, setPasswordHash } from './users-repository.js';
import { saveAccount } from './save-account.js';
import { accountEditExamples } from './account-edit-examples.js';
import { assertNotCommonPassword } from '../auth/common-passwords.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { answerCreated } from '@server/lib/answer-created.js';
import { exampleAccount } from '@server/lib/api-examples.js';

const userNotFound = 'No account has that id.';
const anAccount = (message: string) =>
  answerWithExample(accountSchema, { status: 200, data: exampleAccount, message });
const notYours = 'The id is not your own account.';
const ownAccountEdit = bodyWithExamples<typeof accountUpdateBody, Account>(
  accountUpdateBody,
  accountEditExamples(
    "The account form's fields",
    { email: 'loretta.webb@example.com', zip_code: '37203', newsletter: '0' },
    { zipcode: '37203', newsletter: 0 },
  ),
);

/** GET /api/users/{id}, PUT /api/users, DELETE /api/users, PUT /api/users/password. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Read an account (your own; administrators any)',
        tags: ['users'],
        params: z.object({ id: idParam }),
        response: {
          200: anAccount(peopleMessages.accountFound),
          ...errorResponses({
            403: `${notYours} Only administrators read others.`,
            404: userNotFound,
          }),
        },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, request.params.id);
      const user = await findUserById(app.db, request.params.id);
      if (!user) throw notFound(apiMessages.userNotFound);
      return ok(toAccount(user), peopleMessages.accountFound);
    },
  );

  routes.put(
    '/users',
    {
      config: { access: 'user', changes: ['viewers'] },
      schema: {
        summary: 'Save your own account',
        tags: ['users'],
        body: ownAccountEdit,
        response: {
          200: anAccount(apiMessages.accountSaved),
          ...errorResponses({
            403: `${notYours} Administrators edit others with PUT /api/admin/users.`,
            404: userNotFound,
            409: 'Another account has that email.',
          }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      // Own account only: an administrator edits other people through PUT /api/admin/users.
      const caller = requireSelf(request, body.id);
      refuseChangedReadOnly('isAdmin', body.isAdmin, caller.isAdmin);
      const user = await saveAccount(app.db, body.id, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        zipcode: body.zip_code,
        birthday: body.birthday,
        newsletter: body.newsletter,
      });
      return ok(toAccount(user), apiMessages.accountSaved);
    },
  );

  routes.delete(
    '/users',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Delete an account (your own; administrators any)',
        tags: ['users'],
        body: bodyWithExamples(deleteUserBody, {
          own: { summary: 'Deleting your own account', value: { id: exampleAccount.id } },
        }),
        response: {
          200: answerWithExample(z.null(), {
            status: 200,
            data: null,
            message: apiMessages.accountDeleted,
          }),
          ...errorResponses({
            403: `${notYours} Only administrators delete others.`,
            404: userNotFound,
            409: 'The last administrator cannot be deleted.',
          }),
        },
      },
    },
    async (request) => {
      const caller = requireSelfOrAdmin(request, request.body.id);
      const outcome = await deleteUserKeepingAnAdmin(app.db, request.body.id);
      if (outcome === 'not-found') throw notFound(apiMessages.userNotFound);
      if (outcome === 'last-admin') throw conflict(apiMessages.lastAdmin);
      const self = caller.id === request.body.id;
      return ok(null, self ? apiMessages.accountDeleted : apiMessages.userDeleted);
    },
  );

  routes.put(
    '/users/password',
    {
      config: { access: 'user', changes: ['viewers'] },
      schema: {
        summary: 'Change your password',
        tags: ['users'],
        body: bodyWithExamples(changePasswordBody, {
          own: {
            summary: 'Changing your own password',
            value: {
              userId: exampleAccount.id,
              currentPassword: 'Steel-Guitar-1959',
              newPassword: 'Pedal-Steel-1972',
            },
          },
        }),
        response: {
          201: answerCreated(z.null(), null, apiMessages.passwordChanged).describe(
            'Changed: every other session ends; this token stays valid.',
          ),
          ...errorResponses({ 403: `The userId is not your own account.`, 404: userNotFound }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireSelf(request, request.body.userId);
      const user = await findUserById(app.db, caller.id);
      if (!user) throw notFound(apiMessages.userNotFound);
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw badRequest(apiMessages.currentPasswordWrong);
      }
      assertNotCommonPassword(request.body.newPassword);
      const passwordHash = await hashPassword(request.body.newPassword);
      // A changed password ends every other session (a stolen token stops working); this one stays.
      await app.db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await revokeUserSessions(tx, user.id, caller.tokenHash);
      });
      return created(reply, null, apiMessages.passwordChanged);
    },
  );
}
