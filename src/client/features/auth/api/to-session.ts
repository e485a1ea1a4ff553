import type { SessionUser } from '../../../../shared/schemas/auth.js';
import { ApiError, type ApiResult } from '../../../lib/api-client.js';
import type { Session } from '../../../lib/session.js';

/**
 * Login and register succeed only with 201 (spec section 7); the token is the authorization
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
