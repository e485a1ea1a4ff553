import type { LoginBody, SessionUser } from '@shared/schemas/auth.js';
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

/** POST /api/login: the session it opens (not stored yet: the caller decides). */
export async function login(body: LoginBody): Promise<Session> {
  return toSession(await apiCall<SessionUser>('POST', '/login', { body }));
}

/** Ends the session on the server; the page forgets it even if that call fails. */
export async function logout(): Promise<void> {
  await apiCall('POST', '/logout').catch(() => undefined);
  clearSession();
}
