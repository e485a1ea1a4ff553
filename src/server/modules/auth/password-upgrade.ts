import type { Database } from '@server/db/client.js';
import { findUserById, replacePasswordHash, type UserRow } from '../users/users-repository.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hashing.js';

/**
 * After a right password: the user as they now stand, their stored hash made again with today's
 * parameters when it was made with others, so an older account moves to them on its next login
 * (and its logins stop taking the old parameters' memory).
 */
export async function withCurrentPasswordHash(
  db: Database,
  user: UserRow,
  password: string,
): Promise<UserRow> {
  if (!needsRehash(user.passwordHash)) return user;
  const passwordHash = await hashPassword(password);
  if (await replacePasswordHash(db, user.id, user.passwordHash, passwordHash)) {
    return { ...user, passwordHash };
  }
  // Another login of theirs replaced it first, or the password changed meanwhile: what is stored
  // now, when this password opens it; else the old one, which then opens no session (as before).
  const stored = await findUserById(db, user.id);
  if (stored && (await verifyPassword(stored.passwordHash, password))) return stored;
  return user;
}
