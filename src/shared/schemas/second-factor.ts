import { z } from 'zod';
import { secondFactorMessages as m } from '../messages/second-factor.js';
import { anyPassword } from './auth.js';
import { requiredText } from './fields.js';

const TOTP_CODE = /^\d{6}$/;
const BACKUP_CODE = /^[a-hjkmnp-z2-9]{5}-?[a-hjkmnp-z2-9]{5}$/i;

/** Whether a code (spaces dropped) is an authenticator's rather than a backup code. */
export const isTotpCode = (code: string): boolean => TOTP_CODE.test(code);

/** An authenticator's 6 digits or a backup code; spaces people type between groups are dropped. */
export const anyCode = requiredText('code', m.codeRequired, 20)
  .transform((code) => code.replace(/\s+/g, ''))
  .refine((code) => TOTP_CODE.test(code) || BACKUP_CODE.test(code), m.codeInvalid);

/** The authenticator's 6 digits only (confirming an enrolment). */
export const totpCode = requiredText('code', m.codeRequired, 20)
  .transform((code) => code.replace(/\s+/g, ''))
  .refine((code) => TOTP_CODE.test(code), m.totpCodeInvalid);

export const secondStepBody = z.strictObject({
  challenge: requiredText('challenge', m.challengeRequired, 100),
  code: anyCode,
});

export const passwordAgainBody = z.strictObject({ password: anyPassword });
export const confirmTotpBody = z.strictObject({ code: totpCode });
export const turnOffBody = z.strictObject({ code: anyCode });
export const requiredBody = z.strictObject({
  required: z.boolean({ error: m.requiredInvalid }),
});

/** What a login answers (202) when the password is right and a second factor must follow. */
export const secondStepNeeded = z.object({
  secondFactor: z.object({
    challenge: z.string(),
    methods: z.array(z.enum(['totp', 'backup-code', 'passkey'])),
    expiresInSeconds: z.number().int(),
  }),
});

export const secondFactorStatus = z.object({
  totp: z.boolean(),
  backupCodesLeft: z.number().int(),
  /** How many passkeys the account has registered. */
  passkeys: z.number().int(),
  /** The back-office setting: every administrator must have one. */
  required: z.boolean(),
  /** False when the server cannot seal secrets (SECOND_FACTOR_KEY unset on PostgreSQL). */
  available: z.boolean(),
  /** This session may do nothing but enrol until a second factor is on. */
  held: z.boolean(),
});

export const totpEnrolment = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The otpauth address as a QR code, an SVG document. */
  qrSvg: z.string(),
});

export const backupCodeList = z.object({ backupCodes: z.array(z.string()) });

export const sessionListing = z.object({
  id: z.number().int(),
  device: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});

export type SecondStepNeeded = z.infer<typeof secondStepNeeded>;
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export type SessionListingView = z.infer<typeof sessionListing>;
