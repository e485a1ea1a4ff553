import type { FastifyInstance, FastifyRequest } from 'fastify';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { forbidden } from '@server/lib/http-errors.js';
import { callerOf } from '@server/plugins/authentication.js';
import { verifyPassword } from '../auth/password-hashing.js';
import { findUserById, type UserRow } from '../users/users-repository.js';

/**
 * The caller's account, once their password is given again (before a change to how they sign
 * in); wrong ones count as a login's, under the same limits.
 */
export async function confirmPasswordAgain(
  app: FastifyInstance,
  request: FastifyRequest,
  password: string,
): Promise<UserRow> {
  const caller = callerOf(request);
  const keys = [`account:${caller.email}`, `ip:${request.ip}`];
  await app.abuse.login.check(keys);
  const user = await findUserById(app.db, caller.id);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    await app.abuse.login.fail(keys);
    throw forbidden(m.passwordWrong);
  }
  return user;
}
