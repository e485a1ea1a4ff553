import { z } from 'zod';
import { secondFactorMessages as m } from '../messages/second-factor.js';
import { requiredText } from './fields.js';

const AUTHENTICATOR_TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const;

/**
 * The browser's WebAuthn answer as @simplewebauthn/browser serialises it. Only what the server
 * reads first is named; the rest goes to the library, which checks it whole.
 */
const webauthnAnswer = z.looseObject(
  {
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({
      clientDataJSON: z.string().min(1).max(4096),
      // Stored as sent (no signature covers them): only the names WebAuthn defines.
      transports: z.array(z.enum(AUTHENTICATOR_TRANSPORTS)).max(8).optional(),
      userHandle: z.string().max(1024).optional(),
    }),
  },
  { error: m.passkeyResponseInvalid },
);

export const passkeyName = requiredText('name', m.passkeyNameRequired, 60, 'Name');

export const addPasskeyBody = z.strictObject({ name: passkeyName, response: webauthnAnswer });
export const renamePasskeyBody = z.strictObject({ name: passkeyName });

/** A usernameless sign-in has no login challenge; a passkey as second factor sends the 202's. */
export const passkeyOptionsBody = z.strictObject({ challenge: z.string().max(100).optional() });
export const passkeySignInBody = z.strictObject({
  challenge: z.string().max(100).optional(),
  response: webauthnAnswer,
});

export const passkeyListing = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export type PasskeyListing = z.infer<typeof passkeyListing>;
