import type { FastifyInstance } from 'fastify';
import './second-factor-box.js';
import { isTotpCode } from '@shared/schemas/second-factor.js';
import { hashBackupCode } from './backup-codes.js';
import { claimTotpStep, findTotpFactor, spendBackupCode } from './second-factor-repository.js';
import { totpStepOf } from './totp-codes.js';

export type SecondFactorMethod = 'totp' | 'backup-code';

/**
 * Checks a code against the account's second factor and spends it: an authenticator code's
 * step is claimed (so it works once, across instances), a backup code is marked used. Answers
 * which kind matched, or null. `confirm` accepts the first code of a waiting enrolment.
 */
export async function spendSecondFactorCode(
  app: FastifyInstance,
  userId: number,
  code: string,
  options: { confirm?: boolean } = {},
): Promise<SecondFactorMethod | null> {
  const confirm = options.confirm ?? false;
  if (isTotpCode(code)) {
    const factor = await findTotpFactor(app.db, userId);
    if (!factor || factor.confirmed === confirm) return null;
    const secret = app.secondFactorBox()?.open(factor.sealedSecret);
    if (!secret) {
      app.log.error(
        { userId },
        'an authenticator secret cannot be opened: SECOND_FACTOR_KEY changed?',
      );
      return null;
    }
    const step = await totpStepOf(secret, code, factor.lastStep, app.clock());
    if (step === null) return null;
    return (await claimTotpStep(app.db, userId, step, confirm)) ? 'totp' : null;
  }
  if (confirm) return null;
  return (await spendBackupCode(app.db, userId, hashBackupCode(code))) ? 'backup-code' : null;
}
