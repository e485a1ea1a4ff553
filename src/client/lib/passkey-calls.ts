import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { secondFactorUi } from '@shared/messages/second-factor-ui.js';
import type { SessionUser } from '@shared/schemas/auth.js';
import type { PasskeyListing } from '@shared/schemas/passkeys.js';
import { ApiError, apiCall } from './api-client.js';
import { toSession } from './auth-calls.js';
import type { Session } from './session.js';

/** The browser's WebAuthn code loads only when someone uses a passkey. */
const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser has WebAuthn at all (false while the server draws the page). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Checked before any call: no password spent and no prompt stored for a browser that cannot. */
function assertSupported(): void {
  if (!passkeysSupported()) throw new ApiError(0, secondFactorUi.passkeyUnsupported);
}

/** What the browser's prompt failing means to a person (closed, timed out, no passkey). */
function promptFailure(error: unknown): ApiError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new ApiError(0, 'The passkey prompt was closed or timed out. Try again.');
  }
  if (name === 'InvalidStateError') {
    return new ApiError(0, 'This device already holds a passkey for your account.');
  }
  return new ApiError(0, error instanceof Error ? error.message : 'The passkey did not work.');
}

/**
 * Signs in with a passkey: alone (usernameless), or as the second step of a password sign-in
 * when `loginChallenge` is the 202's challenge.
 */
export async function signInWithPasskey(loginChallenge?: string): Promise<Session> {
  assertSupported();
  const body = loginChallenge ? { challenge: loginChallenge } : {};
  const options = await apiCall<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/login/passkey/options',
    { body },
  );
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON: options.data }).catch(
    (error: unknown) => {
      throw promptFailure(error);
    },
  );
  return toSession(
    await apiCall<SessionUser>('POST', '/login/passkey', { body: { ...body, response } }),
  );
}

/** Registers a passkey on this device for the signed-in administrator. */
export async function addPasskey(name: string, password: string): Promise<PasskeyListing> {
  assertSupported();
  const options = await apiCall<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    '/admin/passkeys/options',
    { body: { password } },
  );
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON: options.data }).catch(
    (error: unknown) => {
      throw promptFailure(error);
    },
  );
  return (await apiCall<PasskeyListing>('POST', '/admin/passkeys', { body: { name, response } }))
    .data;
}
