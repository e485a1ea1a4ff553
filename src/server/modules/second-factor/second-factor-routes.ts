import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@server/db/client.js';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import {
  backupCodeList,
  confirmTotpBody,
  passwordAgainBody,
  requiredBody,
  secondFactorStatus,
  totpEnrolment,
  turnOffBody,
} from '@shared/schemas/second-factor.js';
import { idParam } from '@shared/schemas/fields.js';
import { adminInfoSchema } from '@shared/schemas/people.js';
import { badRequest, conflict, notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { callerOf } from '@server/plugins/authentication.js';
import { confirmPasswordAgain } from './password-again.js';
import { deletePasskeysOf, passkeyCount } from '../passkeys/passkeys-repository.js';
import { releaseEnrolmentHold, revokeUserSessions } from '../auth/session-repository.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { toAdminInfo } from '../users/people-presenter.js';
import { findUserById } from '../users/users-repository.js';
import { hashBackupCode, newBackupCodes } from './backup-codes.js';
import { spendSecondFactorCode } from './second-factor-check.js';
import { secondFactorResetMail } from './second-factor-mail.js';
import {
  backupCodesLeft,
  findTotpFactor,
  hasSecondFactor,
  hasTotp,
  isSecondFactorRequired,
  lockSecondFactors,
  removeSecondFactor,
  replaceBackupCodes,
  saveSecondFactorRequired,
  startTotpEnrolment,
} from './second-factor-repository.js';
import { newTotpSecret, totpUri } from './totp-codes.js';

const EXAMPLE_CODES = ['k7m2q-x9fh3', 'p4d8w-2nzra', 'h3vt6-ue9cb'];
const passwordExample = {
  again: { summary: 'Your own password, again', value: { password: 'Steel-Guitar-1959' } },
};
const codeExample = {
  code: { summary: "The authenticator app's code", value: { code: '492039' } },
};

/**
 * An administrator's own second factor (GET/POST/DELETE /api/admin/second-factor…), the
 * back-office setting that requires one, and a colleague's reset.
 */
export async function secondFactorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Spends a code of the caller's factor (in `db`, the route's transaction); tries are limited
   * like the sign-in's, and counted before the code is checked.
   */
  async function withCode(request: FastifyRequest, db: Database, code: string, confirm: boolean) {
    const caller = callerOf(request);
    const address = [`ip:${request.ip}`];
    await app.abuse.secondFactor.take([`account:${caller.id}`]);
    await app.abuse.secondFactor.check(address);
    const method = await spendSecondFactorCode(app, db, caller.id, code, { confirm });
    if (!method) {
      await app.abuse.secondFactor.fail(address);
      throw badRequest(m.codeWrong);
    }
    await app.abuse.secondFactor.forget([`account:${caller.id}`]);
    return method;
  }

  async function statusOf(request: FastifyRequest) {
    const caller = callerOf(request);
    const [totp, left, passkeys, required] = await Promise.all([
      hasTotp(app.db, caller.id),
      backupCodesLeft(app.db, caller.id),
      passkeyCount(app.db, caller.id),
      isSecondFactorRequired(app.db),
    ]);
    const available = app.secondFactorBox() !== null;
    return {
      totp,
      backupCodesLeft: left,
      passkeys,
      required,
      available,
      held: caller.mustEnrol,
    };
  }

  /** New backup codes (in the route's transaction): stored as keyed digests, shown this once. */
  async function renewBackupCodes(db: Database, userId: number): Promise<string[]> {
    const box = app.secondFactorBox();
    if (!box) throw conflict(m.keyMissing);
    const codes = newBackupCodes();
    await replaceBackupCodes(
      db,
      userId,
      codes.map((code) => hashBackupCode(box, code)),
    );
    return codes;
  }

  routes.get(
    '/admin/second-factor',
    {
      config: { access: 'admin', duringEnrolment: true },
      schema: {
        summary: "Your second factor's state, and whether every administrator needs one",
        tags: ['second factor'],
        response: {
          200: answerWithExample(secondFactorStatus, {
            status: 200,
            data: {
              totp: true,
              backupCodesLeft: 9,
              passkeys: 1,
              required: false,
              available: true,
              held: false,
            },
            message: 'OK',
          }),
        },
      },
    },
    async (request) => ok(await statusOf(request)),
  );

  routes.post(
    '/admin/second-factor/totp',
    {
      config: { access: 'admin', changes: NOTHING, duringEnrolment: true },
      schema: {
        summary: 'Start setting up an authenticator app (asks for your password again)',
        description:
          'Answers the secret, its otpauth:// address and a QR code of it. Nothing is on until POST /api/admin/second-factor/totp/confirm accepts a first code; starting again replaces a secret not yet confirmed.',
        tags: ['second factor'],
        body: bodyWithExamples(passwordAgainBody, passwordExample),
        response: {
          200: answerWithExample(totpEnrolment, {
            status: 200,
            data: {
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              uri: 'otpauth://totp/Twang:admin%40twang.local?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Twang',
              qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 41 41">…</svg>',
            },
            message: m.enrolmentStarted,
          }),
          ...errorResponses({
            403: 'The password given again is not right.',
            409: 'A second factor is already on, or the server has no SECOND_FACTOR_KEY.',
          }),
        },
      },
    },
    async (request) => {
      const user = await confirmPasswordAgain(app, request, request.body.password);
      const box = app.secondFactorBox();
      if (!box) throw conflict(m.keyMissing);
      const secret = newTotpSecret();
      if (!(await startTotpEnrolment(app.db, user.id, box.seal(secret)))) {
        throw conflict(m.alreadyEnrolled);
      }
      const uri = totpUri(secret, app.config.BRAND_NAME, user.email);
      // Loaded here: an enrolment is rare, and the package (with its PNG encoder) is not small.
      const { default: QRCode } = await import('qrcode');
      const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 2 });
      return ok({ secret, uri, qrSvg }, m.enrolmentStarted);
    },
  );

  routes.post(
    '/admin/second-factor/totp/confirm',
    {
      config: { access: 'admin', changes: ['viewers'], duringEnrolment: true },
      schema: {
        summary: 'Turn the authenticator app on with its first code',
        description:
          'Answers 10 backup codes, shown this once (only their hashes are kept). Every other session of the account ends.',
        tags: ['second factor'],
        body: bodyWithExamples(confirmTotpBody, codeExample),
        response: {
          200: answerWithExample(backupCodeList, {
            status: 200,
            data: { backupCodes: EXAMPLE_CODES },
            message: m.enrolled,
          }),
          ...errorResponses({
            400: 'The code is wrong, or already used.',
            409: 'No setup is waiting for its first code.',
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      // The factor on, its codes, the other sessions ended: all of it, or none.
      const backupCodes = await app.db.transaction(async (tx) => {
        await lockSecondFactors(tx, caller.id);
        const factor = await findTotpFactor(tx, caller.id);
        if (!factor) throw conflict(m.enrolmentMissing);
        if (factor.confirmed) throw conflict(m.alreadyEnrolled);
        await withCode(request, tx, request.body.code, true);
        const codes = await renewBackupCodes(tx, caller.id);
        await revokeUserSessions(tx, caller.id, caller.tokenHash);
        await releaseEnrolmentHold(tx, caller.tokenHash);
        return codes;
      });
      // A password-only sign-in that checked for a factor just before this committed may have
      // opened its session since: end it too (sign-ins from now on need the code).
      await revokeUserSessions(app.db, caller.id, caller.tokenHash);
      return ok({ backupCodes }, m.enrolled);
    },
  );

  routes.post(
    '/admin/second-factor/backup-codes',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Make new backup codes (asks for your password again); the old ones stop working',
        tags: ['second factor'],
        body: bodyWithExamples(passwordAgainBody, passwordExample),
        response: {
          200: answerWithExample(backupCodeList, {
            status: 200,
            data: { backupCodes: EXAMPLE_CODES },
            message: m.codesRenewed,
          }),
          ...errorResponses({
            403: 'The password given again is not right.',
            409: 'No second factor is on.',
          }),
        },
      },
    },
    async (request) => {
      const user = await confirmPasswordAgain(app, request, request.body.password);
      const backupCodes = await app.db.transaction(async (tx) => {
        await lockSecondFactors(tx, user.id);
        if (!(await hasTotp(tx, user.id))) throw conflict(m.notEnrolled);
        return renewBackupCodes(tx, user.id);
      });
      return ok({ backupCodes }, m.codesRenewed);
    },
  );

  routes.delete(
    '/admin/second-factor',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Turn your second factor off (asks for a current code)',
        tags: ['second factor'],
        body: bodyWithExamples(turnOffBody, codeExample),
        response: {
          200: answerWithExample(z.null(), { status: 200, data: null, message: m.turnedOff }),
          ...errorResponses({
            400: 'The code is wrong, or already used.',
            409: 'No second factor is on, or every administrator must have one.',
          }),
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await app.db.transaction(async (tx) => {
        await lockSecondFactors(tx, caller.id);
        if (!(await hasTotp(tx, caller.id))) throw conflict(m.notEnrolled);
        // Passkeys left keep the account within the rule; the app alone does not.
        const passkeysLeft = (await passkeyCount(tx, caller.id)) > 0;
        if (!passkeysLeft && (await isSecondFactorRequired(tx))) {
          throw conflict(m.requiredCannotTurnOff);
        }
        await withCode(request, tx, request.body.code, false);
        await removeSecondFactor(tx, caller.id);
      });
      return ok(null, m.turnedOff);
    },
  );

  routes.put(
    '/admin/second-factor/required',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Require a second factor for every administrator, or not',
        description:
          'An administrator without one is then sent to set one up at their next sign-in, and can do nothing else until they have.',
        tags: ['second factor'],
        body: bodyWithExamples(requiredBody, {
          on: { summary: 'Require it', value: { required: true } },
        }),
        response: {
          200: answerWithExample(z.object({ required: z.boolean() }), {
            status: 200,
            data: { required: true },
            message: m.requiredSaved,
          }),
          ...errorResponses({ 409: 'Turning it on without a second factor of your own.' }),
        },
      },
    },
    async (request) => {
      const { required } = request.body;
      if (required && !(await hasSecondFactor(app.db, callerOf(request).id))) {
        throw conflict(m.requireOwnFirst);
      }
      await saveSecondFactorRequired(app.db, required);
      return ok({ required }, m.requiredSaved);
    },
  );

  routes.delete(
    '/admin/users/:id/second-factor',
    {
      config: { access: 'admin', changes: ['viewers'] },
      schema: {
        summary: "Reset a colleague's second factor (asks for your password again)",
        description:
          'Their authenticator and backup codes stop working, their sessions end, and they are told by mail. They set up a new one at their next sign-in.',
        tags: ['second factor'],
        params: z.object({ id: idParam }),
        body: bodyWithExamples(passwordAgainBody, passwordExample),
        response: {
          200: answerWithExample(adminInfoSchema, {
            status: 200,
            data: { id: 4, first_name: 'June', last_name: 'Carter', email: 'june@twang.local' },
            message: m.resetDone,
          }),
          ...errorResponses({
            400: 'The account is your own: turn yours off from My Account.',
            403: 'The password given again is not right.',
            404: 'No administrator has that id.',
            409: 'They have no second factor.',
          }),
        },
      },
    },
    async (request) => {
      const admin = await confirmPasswordAgain(app, request, request.body.password);
      if (request.params.id === admin.id) throw badRequest(m.resetOwn);
      const colleague = await findUserById(app.db, request.params.id);
      if (!colleague?.isAdmin) throw notFound(m.resetNotAdmin);
      await app.db.transaction(async (tx) => {
        await lockSecondFactors(tx, colleague.id);
        if (!(await hasSecondFactor(tx, colleague.id))) throw conflict(m.notEnrolled);
        await removeSecondFactor(tx, colleague.id);
        await deletePasskeysOf(tx, colleague.id);
        await revokeUserSessions(tx, colleague.id);
      });
      const by = `${admin.firstName} ${admin.lastName}`.trim() || admin.email;
      await app.mailer
        .send(secondFactorResetMail(app.config.BRAND_NAME, colleague.email, by))
        .catch((error: unknown) => request.log.warn({ err: error }, 'reset mail not sent'));
      return ok(toAdminInfo(colleague), m.resetDone);
    },
  );
}
