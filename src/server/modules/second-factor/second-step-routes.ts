import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BACKUP_CODE_SIGN_IN_ACTION } from '@shared/audit-actions.js';
import { apiMessages } from '@shared/messages/api.js';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { sessionUser } from '@shared/schemas/auth.js';
import { secondStepBody } from '@shared/schemas/second-factor.js';
import { answerCreated } from '@server/lib/answer-created.js';
import { exampleAccount } from '@server/lib/api-examples.js';
import { unauthorized } from '@server/lib/http-errors.js';
import { bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { insertAuditEntry } from '../audit/audit-repository.js';
import { answerSession, openSignedInSession, userAgentOf } from '../auth/sign-in.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { findUserById } from '../users/users-repository.js';
import { closeLoginChallenge, failLoginChallenge, findLoginChallenge } from './login-challenges.js';
import { spendSecondFactorCode } from './second-factor-check.js';

/** POST /api/login/second-factor: the second step of an administrator's sign-in. */
export async function secondStepRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/login/second-factor',
    {
      config: { access: 'public', changes: NOTHING },
      schema: {
        summary: 'Finish signing in with a second factor',
        description:
          "After a 202 from POST /api/login: the challenge it answered and the authenticator app's 6-digit code, or one of the backup codes. A code works once; 10 wrong ones in 15 minutes answer 429. The challenge lasts 5 minutes and 5 wrong codes.",
        tags: ['auth'],
        body: bodyWithExamples(secondStepBody, {
          totp: {
            summary: "The authenticator app's code",
            value: { challenge: 'q8Jc2mVb7hX1dLr0yTtZ4nKpW9sA3uEeGfHiJkLmNoP', code: '492039' },
          },
          backup: {
            summary: 'A backup code',
            value: {
              challenge: 'q8Jc2mVb7hX1dLr0yTtZ4nKpW9sA3uEeGfHiJkLmNoP',
              code: 'k7m2q-x9fh3',
            },
          },
        }),
        response: {
          201: answerCreated(
            sessionUser,
            { userid: exampleAccount.id, firstName: exampleAccount.first_name, isAdmin: true },
            apiMessages.loggedIn,
          ).describe('Signed in: the token is in the `authorization` response header.'),
          ...errorResponses({
            401: 'The code is wrong or used, or the challenge expired or took too many wrong codes.',
          }),
        },
      },
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      const login = await findLoginChallenge(app.db, challenge, app.clock());
      const user = login && (await findUserById(app.db, login.userId));
      if (!login || !user) throw unauthorized(m.challengeExpired);
      const keys = [`account:${user.id}`, `ip:${request.ip}`];
      await app.abuse.secondFactor.check(keys);
      const method = await spendSecondFactorCode(app, user.id, code);
      if (!method) {
        await failLoginChallenge(app.db, challenge);
        await app.abuse.secondFactor.fail(keys);
        throw unauthorized(m.codeWrong);
      }
      // Two requests with two good codes: only the one that ends the challenge signs in.
      if (!(await closeLoginChallenge(app.db, challenge))) throw unauthorized(m.challengeExpired);
      await app.abuse.secondFactor.forget([`account:${user.id}`]);
      if (method === 'backup-code') {
        await insertAuditEntry(app.db, {
          actorId: user.id,
          actorEmail: user.email,
          action: BACKUP_CODE_SIGN_IN_ACTION,
          targetId: String(user.id),
          targetName: `${user.firstName} ${user.lastName} (${user.email})`,
          statusCode: 201,
        });
      }
      const userAgent = userAgentOf(request.headers) || login.userAgent;
      const token = await openSignedInSession(app, app.db, user, { userAgent });
      return answerSession(reply, user, token, apiMessages.loggedIn);
    },
  );
}
