import { createHash, randomInt } from 'node:crypto';
import { CROCKFORD_ALPHABET, RECOVERY_CODE_LENGTH } from '@shared/schemas/recovery.js';

export const RECOVERY_CODE_TTL_MINUTES = 10;
export const RECOVERY_CODE_TTL_MS = RECOVERY_CODE_TTL_MINUTES * 60 * 1000;

/**
 * Wrong guesses allowed per code. A code holds 10 Crockford characters = 50 random bits, so a
 * guesser's chance per code is 5 / 2^50 ~= 4.4e-15; even after a million codes requested (a million
 * mails to the victim) it stays near 4.4e-9. A code also dies after 10 minutes or one reset.
 */
export const MAX_RECOVERY_ATTEMPTS = 5;

/**
 * While a usable code is younger than this, asking again sends nothing: it keeps anyone from
 * flooding an inbox, or from voiding the owner's code over and over so a reset never succeeds.
 */
export const RECOVERY_RESEND_COOLDOWN_MS = 60 * 1000;

/** Ten characters from the CSPRNG (randomInt is unbiased), in canonical form, without the dash. */
export function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) code += CROCKFORD_ALPHABET[randomInt(32)];
  return code;
}

/**
 * Only this hash is stored, so a leaked database holds no usable code. The user id is mixed in so
 * equal codes of two people never share a hash.
 */
export function hashRecoveryCode(userId: number, normalizedCode: string): string {
  return createHash('sha256').update(`${userId}:${normalizedCode}`).digest('hex');
}
