import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BACKUP_CODE_SIGN_IN_ACTION } from '@shared/audit-actions.js';
import { apiMessages } from '@shared/messages/api.js';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { secondStepBody } from '@shared/schemas/second-factor.js';
import { unauthorized } from '@server/lib/http-errors.js';
import { bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { insertAuditEntry } from '../audit/audit-repository.js';
import {
  answerSession,
  openSignedInSession,
  signedInAnswer,
  userAgentOf,
} from '../auth/sign-in.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { findUserById } from '../users/users-repository.js';
import { closeLoginChallenge, takeChallengeTry } from './login-challenges.js';
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
          201: signedInAnswer(apiMessages.loggedIn, true),
          ...errorResponses({
            401: 'The code is wrong or used, or the challenge expired or took too many wrong codes.',
          }),
        },
      },
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      // The challenge's try and the account's are both counted before the code is checked, so
      // guesses sent all at once are each counted.
      const login = await takeChallengeTry(app.db, challenge, app.clock());
      const user = login && (await findUserById(app.db, login.userId));
      if (!login || !user) throw unauthorized(m.challengeExpired);
      const address = [`ip:${request.ip}`];
      await app.abuse.secondFactor.take([`account:${user.id}`]);
      await app.abuse.secondFactor.check(address);
      const userAgent = userAgentOf(request.headers) || login.userAgent;
      // The code, the challenge's end and the session: all of it, or none.
      const token = await app.db.transaction(async (tx) => {
        const method = await spendSecondFactorCode(app, tx, user.id, code);
        if (!method) return null;
        // Two requests with two good codes: only the one that ends the challenge signs in.
        if (!(await closeLoginChallenge(tx, challenge))) throw unauthorized(m.challengeExpired);
        // Opened only while the account keeps the password the first step checked.
        const checked = { ...user, passwordHash: login.checkedPasswordHash };
        const opened = await openSignedInSession(app, tx, checked, {
          userAgent,
          secondFactorPassed: true,
        });
        if (method === 'backup-code') {
          await insertAuditEntry(tx, {
            actorId: user.id,
            actorEmail: user.email,
            action: BACKUP_CODE_SIGN_IN_ACTION,
            targetId: String(user.id),
            targetName: `${user.firstName} ${user.lastName} (${user.email})`,
            statusCode: 201,
          });
        }
        return opened;
      });
      if (!token) {
        await app.abuse.secondFactor.fail(address);
        throw unauthorized(m.codeWrong);
      }
      await app.abuse.secondFactor.forget([`account:${user.id}`]);
      return answerSession(reply, user, token, apiMessages.loggedIn);
    },
  );
}
