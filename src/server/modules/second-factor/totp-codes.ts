import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_STEP_SECONDS = 30;
/** One step either side, for a phone's clock that is a little off. */
const DRIFT_SECONDS = TOTP_STEP_SECONDS;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, issuer: string, account: string): string =>
  generateURI({ secret, issuer, label: account });

/**
 * The step a code is good for, or null. `afterStep` is the last step a code was accepted for:
 * a code of that step or an earlier one is refused, so a code works once.
 */
export async function totpStepOf(
  secret: string,
  code: string,
  afterStep: number,
  now: Date,
): Promise<number | null> {
  const currentStep = Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);
  // A code of a step ahead was taken (a phone's clock a little fast, or another instance's):
  // nothing this instance would accept now is newer. otplib throws on it; it is only a no.
  if (afterStep > currentStep) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: DRIFT_SECONDS,
    afterTimeStep: afterStep,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
