import type { LoginBody, SessionUser } from '@shared/schemas/auth.js';
import type { SecondStepNeeded } from '@shared/schemas/second-factor.js';
import { ApiError, apiCall, type ApiResult } from './api-client.js';
import { clearSession, type Session } from './session.js';

/**
 * Login and register succeed only with 201; the token is the authorization
 * response header without its 'Bearer ' prefix.
 */
export function toSession(result: ApiResult<SessionUser>): Session {
  const token = result.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
  if (result.status !== 201 || !token) throw new ApiError(result.status, result.message);
  return {
    id: result.data.userid,
    firstName: result.data.firstName,
    isAdmin: result.data.isAdmin,
    token,
  };
}

/**
 * The password was right, and the account has a second factor: the login answered 202 with a
 * challenge to send with a code (finishSignIn).
 */
export class SecondFactorNeeded extends Error {
  constructor(
    readonly challenge: string,
    readonly methods: readonly string[],
    message: string,
  ) {
    super(message);
    this.name = 'SecondFactorNeeded';
  }
}

/** POST /api/login: the session it opens (not stored yet: the caller decides). */
export async function login(body: LoginBody): Promise<Session> {
  const result = await apiCall<SessionUser | SecondStepNeeded>('POST', '/login', { body });
  if (result.status === 202 && 'secondFactor' in result.data) {
    const { challenge, methods } = result.data.secondFactor;
    throw new SecondFactorNeeded(challenge, methods, result.message);
  }
  return toSession(result as ApiResult<SessionUser>);
}

/** POST /api/login/second-factor: the session the challenge and a code open. */
export async function finishSignIn(challenge: string, code: string): Promise<Session> {
  return toSession(
    await apiCall<SessionUser>('POST', '/login/second-factor', { body: { challenge, code } }),
  );
}

/** Ends the session on the server; the page forgets it even if that call fails. */
export async function logout(): Promise<void> {
  await apiCall('POST', '/logout').catch(() => undefined);
  clearSession();
}
