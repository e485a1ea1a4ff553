import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@shared/messages/api.js';
import {
  normalizeRecoveryCode,
  recoveryGenerateBody,
  recoveryResetBody,
  recoveryValidateBody,
} from '@shared/schemas/recovery.js';
import { normalizeEmail } from '@shared/validation.js';
import { badRequest } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { hashPassword } from '../auth/password-hashing.js';
import { revokeUserSessions } from '../auth/session-repository.js';
import { findUserByEmail, setPasswordHash } from '../users/users-repository.js';
import { RECOVERY_CODE_TTL_MS, generateRecoveryCode, hashRecoveryCode } from './recovery-code.js';
import { recoveryMail } from './recovery-mail.js';
import { LIMITS, routeLimit } from '../abuse/abuse-limits.js';
import { replaceRecoveryCode, tryRecoveryCode } from './recovery-repository.js';
import { assertNotCommonPassword } from '../auth/common-passwords.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { exampleAccount } from '@server/lib/api-examples.js';

const done = (message: string) => ({
  200: answerWithExample(z.null(), { status: 200, data: null, message }),
});
/** As the mail shows a code: two groups of five of Crockford's base32. */
const EXAMPLE_CODE = '7KQ2M-XR4TB';
const codeRefused = {
  ...errorResponses({
    400: 'Bad input, or a code that is wrong, expired, used or tried 5 times (an unknown email answers the same).',
  }),
};

/**
 * Wrong codes count per account (on top of each code's own five tries) and per address, so
 * neither many codes for one account nor one address trying many accounts gets far.
 */
function failureKeys(email: string, ip: string): string[] {
  return [`account:${normalizeEmail(email)}`, `ip:${ip}`];
}

/** POST /api/recovery/generate, /validate and /reset: password recovery by a mailed code. */
export async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Mails still on their way; shutting down waits for them rather than cutting them off.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  async function issueCode(email: string): Promise<void> {
    const user = await findUserByEmail(app.db, email);
    if (!user) return;
    const code = generateRecoveryCode();
    const expiresAt = new Date(Date.now() + RECOVERY_CODE_TTL_MS);
    const stored = await replaceRecoveryCode(
      app.db,
      user.id,
      hashRecoveryCode(user.id, code),
      expiresAt,
    );
    if (!stored) return;
    await app.mailer.send(recoveryMail(app.config.BRAND_NAME, user.email, code));
  }

  /** The code's owner when the code is right; unknown emails and wrong codes look alike. */
  async function checkCode(email: string, typedCode: string, consume: boolean) {
    const user = await findUserByEmail(app.db, normalizeEmail(email));
    if (!user) return null;
    const codeHash = hashRecoveryCode(user.id, normalizeRecoveryCode(typedCode));
    return (await tryRecoveryCode(app.db, user.id, codeHash, { consume })) ? user : null;
  }

  routes.post(
    '/recovery/generate',
    {
      config: {
        access: 'public',
        changes: NOTHING,
        ...routeLimit(app, LIMITS.recoveryGenerate),
      },
      schema: {
        summary: 'Mail a recovery code (the same answer whether the account exists or not)',
        tags: ['recovery'],
        body: bodyWithExamples(recoveryGenerateBody, {
          email: { summary: "The account's email", value: { email: exampleAccount.email } },
        }),
        response: done(apiMessages.recoveryCodeSent),
      },
    },
    async (request) => {
      // The lookup and the mail run after the answer, so neither the body nor the time taken
      // tells whether the email has an account.
      const task = issueCode(normalizeEmail(request.body.email)).catch((error: unknown) => {
        app.log.error({ err: error }, 'recovery code could not be issued or mailed');
      });
      pending.add(task);
      void task.finally(() => pending.delete(task));
      return ok(null, apiMessages.recoveryCodeSent);
    },
  );

  routes.post(
    '/recovery/validate',
    {
      config: { access: 'public', changes: NOTHING },
      schema: {
        summary: 'Check a recovery code (without using it)',
        tags: ['recovery'],
        body: bodyWithExamples(recoveryValidateBody, {
          code: {
            summary: 'The code from the mail, as typed (dashes and case do not matter)',
            value: { email: exampleAccount.email, recoveryCode: EXAMPLE_CODE },
          },
        }),
        response: { ...done(apiMessages.recoveryCodeValid), ...codeRefused },
      },
    },
    async (request) => {
      const keys = failureKeys(request.body.email, request.ip);
      await app.abuse.recovery.check(keys);
      const user = await checkCode(request.body.email, request.body.recoveryCode, false);
      if (!user) {
        await app.abuse.recovery.fail(keys);
        throw badRequest(apiMessages.recoveryCodeInvalid);
      }
      return ok(null, apiMessages.recoveryCodeValid);
    },
  );

  routes.post(
    '/recovery/reset',
    {
      config: { access: 'public', changes: ['viewers'] },
      schema: {
        summary: 'Set a new password with a recovery code (ends every session)',
        tags: ['recovery'],
        body: bodyWithExamples(recoveryResetBody, {
          reset: {
            summary: 'The code from the mail and the new password',
            value: {
              email: exampleAccount.email,
              recoveryCode: EXAMPLE_CODE,
              password: 'Pedal-Steel-1972',
            },
          },
        }),
        response: { ...done(apiMessages.passwordReset), ...codeRefused },
      },
    },
    async (request) => {
      const body = request.body;
      const keys = failureKeys(body.email, request.ip);
      await app.abuse.recovery.check(keys);
      // Hashed before the transaction, so the slow hash never holds a database lock.
      assertNotCommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      const user = await findUserByEmail(app.db, normalizeEmail(body.email));
      const reset =
        user !== undefined &&
        (await app.db.transaction(async (tx) => {
          const codeHash = hashRecoveryCode(user.id, normalizeRecoveryCode(body.recoveryCode));
          if (!(await tryRecoveryCode(tx, user.id, codeHash, { consume: true }))) return false;
          await setPasswordHash(tx, user.id, passwordHash);
          // Whoever knew the old password (or holds a stolen token) is signed out everywhere.
          await revokeUserSessions(tx, user.id);
          return true;
        }));
      if (!reset) {
        await app.abuse.recovery.fail(keys);
        throw badRequest(apiMessages.recoveryCodeInvalid);
      }
      await app.abuse.recovery.forget([`account:${normalizeEmail(body.email)}`]);
      return ok(null, apiMessages.passwordReset);
    },
  );
}
