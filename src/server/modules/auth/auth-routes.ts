import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '@shared/messages/api.js';
import { loginBody, registerBody } from '@shared/schemas/auth.js';
import { normalizeEmail } from '@shared/validation.js';
import { unauthorized } from '@server/lib/http-errors.js';
import { conflictWhenTaken } from '@server/lib/constraint-errors.js';
import { LIMITS, routeLimit } from '../abuse/abuse-limits.js';
import { ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import { findUserByEmail, insertUser } from '../users/users-repository.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password-hashing.js';
import { withCurrentPasswordHash } from './password-upgrade.js';
import { revokeSession } from './session-repository.js';
import { answerSession, openSignedInSession, signedInAnswer, userAgentOf } from './sign-in.js';
import { secondFactorMessages } from '@shared/messages/second-factor.js';
import { secondStepNeeded } from '@shared/schemas/second-factor.js';
import {
  secondFactorMethods,
  isSecondFactorRequired,
} from '../second-factor/second-factor-repository.js';
import { CHALLENGE_LIFETIME_MS, openLoginChallenge } from '../second-factor/login-challenges.js';
import { assertNotCommonPassword } from './common-passwords.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { exampleAccount } from '@server/lib/api-examples.js';

/** POST /api/register, POST /api/login, POST /api/logout. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

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
          201: signedInAnswer(apiMessages.registered),
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
          const signIn = { userAgent: userAgentOf(request.headers) };
          return { user: created, token: await openSignedInSession(app, tx, created, signIn) };
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
        description:
          'An administrator with a second factor gets 202 instead of a session: the answer holds a `challenge` to send with a code to POST /api/login/second-factor. A password alone gives no administrator token.',
        response: {
          201: signedInAnswer(apiMessages.loggedIn),
          202: answerWithExample(secondStepNeeded, {
            status: 202,
            data: {
              secondFactor: {
                challenge: 'q8Jc2mVb7hX1dLr0yTtZ4nKpW9sA3uEeGfHiJkLmNoP',
                methods: ['totp', 'backup-code'],
                expiresInSeconds: CHALLENGE_LIFETIME_MS / 1000,
              },
            },
            message: secondFactorMessages.codeNeeded,
          }).describe('The password is right; a second factor must follow.'),
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
      // What the session (or the second step) is opened against: the hash as stored now.
      const { passwordHash } = await withCurrentPasswordHash(app.db, user, request.body.password);
      const userAgent = userAgentOf(request.headers);
      const methods = user.isAdmin ? await secondFactorMethods(app.db, user.id) : [];
      if (methods.length > 0) {
        const login = { userId: user.id, userAgent, checkedPasswordHash: passwordHash };
        const challenge = await openLoginChallenge(app.db, login, app.clock());
        void reply.code(202);
        return {
          status: 202,
          data: {
            secondFactor: { challenge, methods, expiresInSeconds: CHALLENGE_LIFETIME_MS / 1000 },
          },
          message: secondFactorMessages.codeNeeded,
        };
      }
      const mustEnrol = user.isAdmin && (await isSecondFactorRequired(app.db));
      const token = await openSignedInSession(
        app,
        app.db,
        { ...user, passwordHash },
        { userAgent, mustEnrol },
      );
      return answerSession(reply, user, token, apiMessages.loggedIn);
    },
  );

  routes.post(
    '/logout',
    {
      config: { access: 'user', changes: ['viewers'], duringEnrolment: true },
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
