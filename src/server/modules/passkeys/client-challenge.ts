import { badRequest } from '@server/lib/http-errors.js';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';

/**
 * The challenge a browser's WebAuthn answer signed, read from its client data, to find the
 * ceremony it answers. The library verifies the rest (type, origin, signature) against it.
 */
export function clientChallengeOf(answer: { response: { clientDataJSON: string } }): string {
  try {
    const text = Buffer.from(answer.response.clientDataJSON, 'base64url').toString('utf8');
    const data = JSON.parse(text) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length > 0) return data.challenge;
  } catch {
    // Falls through to the same answer as a client data without a challenge.
  }
  throw badRequest(m.passkeyResponseInvalid);
}
