import { z } from 'zod';
import { fieldLabels } from '../messages/field-labels.js';
import { validationMessages as m } from '../messages/validation.js';
import { TEXT_MAX } from '../validation.js';
import { loginEmail, strongPassword } from './auth.js';
import { requiredText } from './fields.js';

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped is hard to get wrong. */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECOVERY_CODE_LENGTH = 10;

/**
 * The canonical form of a typed code: upper case, without dashes or spaces, and with Crockford's
 * look-alikes read as digits (O -> 0, I and L -> 1), so 'abcde-fghjk' equals 'ABCDEFGHJK'.
 */
export function normalizeRecoveryCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** 'ABCDEFGHJK' -> 'ABCDE-FGHJK', the way the mail shows it. */
export function formatRecoveryCode(code: string): string {
  const half = RECOVERY_CODE_LENGTH / 2;
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

const recoveryEmail = loginEmail(m.emailInvalidAccount);
const recoveryCode = requiredText(
  'recoveryCode',
  m.recoveryCodeRequired,
  TEXT_MAX.recoveryCode,
  fieldLabels.recoveryCode,
);

export const recoveryGenerateBody = z.strictObject({ email: recoveryEmail });

export const recoveryValidateBody = z.strictObject({ email: recoveryEmail, recoveryCode });

export const recoveryResetBody = z.strictObject({
  email: recoveryEmail,
  recoveryCode,
  password: strongPassword,
});

export type RecoveryGenerateBody = z.input<typeof recoveryGenerateBody>;
export type RecoveryValidateBody = z.input<typeof recoveryValidateBody>;
export type RecoveryResetBody = z.input<typeof recoveryResetBody>;
