import type { FastifyInstance } from 'fastify';
import type { Database } from '@server/db/client.js';
import { isTotpCode } from '@shared/schemas/second-factor.js';
import './second-factor-box.js';
import { hashBackupCode } from './backup-codes.js';
import { claimTotpStep, findTotpFactor, spendBackupCode } from './second-factor-repository.js';
import { totpStepOf } from './totp-codes.js';

export type SecondFactorMethod = 'totp' | 'backup-code';

/**
 * Checks a code against the account's second factor and spends it (in `db`, the caller's
 * transaction when it has one): an authenticator code's step is claimed, so it works once
 * across instances; a backup code is marked used. Answers which kind matched, or null.
 * `confirm` accepts the first code of a waiting enrolment instead.
 */
export async function spendSecondFactorCode(
  app: FastifyInstance,
  db: Database,
  userId: number,
  code: string,
  options: { confirm?: boolean } = {},
): Promise<SecondFactorMethod | null> {
  const confirm = options.confirm ?? false;
  const box = app.secondFactorBox();
  if (!box) return null;
  if (isTotpCode(code)) {
    const factor = await findTotpFactor(db, userId);
    if (!factor || factor.confirmed === confirm) return null;
    const secret = box.open(factor.sealedSecret);
    if (!secret) {
      app.log.error(
        { userId },
        'an authenticator secret cannot be opened: SECOND_FACTOR_KEY changed?',
      );
      return null;
    }
    const step = await totpStepOf(secret, code, factor.lastStep, app.clock());
    if (step === null) return null;
    const claimed = await claimTotpStep(db, userId, step, {
      sealedSecret: factor.sealedSecret,
      confirm,
    });
    return claimed ? 'totp' : null;
  }
  if (confirm) return null;
  return (await spendBackupCode(db, userId, hashBackupCode(box, code))) ? 'backup-code' : null;
}
