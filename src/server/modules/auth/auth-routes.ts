import type { Database } from '@server/db/client.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '@shared/messages/api.js';
import { loginBody, registerBody, sessionUser, type SessionUser } from '@shared/schemas/auth.js';
import { normalizeEmail } from '@shared/validation.js';
import { unauthorized } from '@server/lib/http-errors.js';
import { conflictWhenTaken } from '@server/lib/constraint-errors.js';
import { LIMITS, routeLimit } from '../abuse/abuse-limits.js';
import { created, ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import {
  findUserByEmail,
  insertUser,
  touchLastLogin,
  type UserRow,
} from '../users/users-repository.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password-hashing.js';
import { createSession, revokeSession } from './session-repository.js';
import { assertNotCommonPassword } from './common-passwords.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { answerCreated } from '@server/lib/answer-created.js';
import { exampleAccount } from '@server/lib/api-examples.js';

const signedIn = (message: string) =>
  answerCreated(
    sessionUser,
    { userid: exampleAccount.id, firstName: exampleAccount.first_name, isAdmin: false },
    message,
  ).describe(
    'Signed in: the token is in the `authorization` response header (`Bearer <token>`); send it back the same way.',
  );

/** POST /api/register, POST /api/login, POST /api/logout. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Opens a session (inside `db`'s transaction when given one). */
  async function openSession(db: Database, user: UserRow): Promise<string> {
    const token = await createSession(db, user.id, user.passwordHash);
    // The password changed, or the account went, while the password was being checked.
    if (!token) throw unauthorized(apiMessages.loginFailed);
    await touchLastLogin(db, user.id);
    return token;
  }

  /** Answers 201 with the token in the authorization header. */
  function answerSession(reply: FastifyReply, user: UserRow, token: string, message: string) {
    void reply.header('authorization', `Bearer ${token}`);
    const data: SessionUser = { userid: user.id, firstName: user.firstName, isAdmin: user.isAdmin };
    return created(reply, data, message);
  }

  routes.post(
    '/register',
    {
      config: {
        access: 'public',
        changes: NOTHING,
        ...routeLimit(app, LIMITS.register),
      },
      schema: {
        summary: 'Create an account and sign in',
        tags: ['auth'],
        body: bodyWithExamples(registerBody, {
          fan: {
            summary: 'A fan signing up for the newsletter',
            value: {
              firstName: exampleAccount.first_name,
              lastName: exampleAccount.last_name,
              zipCode: exampleAccount.zipcode,
              birthday: '1990-04-14',
              email: exampleAccount.email,
              password: 'Steel-Guitar-1959',
              newsletter: '1',
            },
          },
        }),
        response: {
          201: signedIn(apiMessages.registered),
          ...errorResponses({ 409: 'Another account has that email.' }),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertNotCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      // The account and its first session together: never an account the client was told failed.
      const { user, token } = await conflictWhenTaken(apiMessages.emailTaken, () =>
        app.db.transaction(async (tx) => {
          const created = await insertUser(tx, {
            email: normalizeEmail(body.email),
            passwordHash,
            firstName: body.firstName,
            lastName: body.lastName,
            zipcode: body.zipCode,
            birthday: body.birthday,
            newsletter: body.newsletter,
          });
          return { user: created, token: await openSession(tx, created) };
        }),
      );
      return answerSession(reply, user, token, apiMessages.registered);
    },
  );

  routes.post(
    '/login',
    {
      config: { access: 'public', changes: NOTHING },
      schema: {
        summary: 'Sign in',
        tags: ['auth'],
        body: bodyWithExamples(loginBody, {
          fan: {
            summary: 'Signing in with email and password',
            value: { email: exampleAccount.email, password: 'Steel-Guitar-1959' },
          },
        }),
        response: {
          201: signedIn(apiMessages.loggedIn),
          ...errorResponses({ 401: 'Wrong email or password (the same answer for both).' }),
        },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      // Unknown emails count too, so the limit says nothing about which accounts exist.
      const keys = [`account:${email}`, `ip:${request.ip}`];
      await app.abuse.login.check(keys);
      const user = await findUserByEmail(app.db, email);
      const valid = user
        ? await verifyPassword(user.passwordHash, request.body.password)
        : await verifyAgainstNothing(request.body.password);
      if (!user || !valid) {
        await app.abuse.login.fail(keys);
        throw unauthorized(apiMessages.loginFailed);
      }
      await app.abuse.login.forget([`account:${email}`]);
      return answerSession(reply, user, await openSession(app.db, user), apiMessages.loggedIn);
    },
  );

  routes.post(
    '/logout',
    {
      config: { access: 'user', changes: ['viewers'] },
      schema: {
        summary: "Sign out (ends this token's session)",
        tags: ['auth'],
        response: {
          200: answerWithExample(z.null(), {
            status: 200,
            data: null,
            message: apiMessages.loggedOut,
          }),
        },
      },
    },
    async (request) => {
      const user = callerOf(request);
      await revokeSession(app.db, user.tokenHash);
      return ok(null, apiMessages.loggedOut);
    },
  );
}
