import { NO_LAST_NAME, normalizeEmail } from '@shared/validation.js';
import type { Database } from '../db/client.js';
import { hashPassword } from '../modules/auth/password-hashing.js';
import { findUserByEmail, insertUserUnlessTaken } from '../modules/users/users-repository.js';

/** Whether ADMIN_EMAIL names no account yet (so there is work for ensureConfiguredAdmin). */
export async function isConfiguredAdminMissing(db: Database, email: string): Promise<boolean> {
  return !(await findUserByEmail(db, normalizeEmail(email)));
}

/**
 * Creates the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD when no account has that email.
 * An existing account is left alone: its password may have been changed since. Idempotent even
 * without the start-up lock: an instance that adds the account between the check and the insert
 * wins, and this one adds nothing.
 */
export async function ensureConfiguredAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<void> {
  const normalized = normalizeEmail(email);
  if (await findUserByEmail(db, normalized)) return;
  await insertUserUnlessTaken(db, {
    email: normalized,
    passwordHash: await hashPassword(password),
    firstName: 'Admin',
    lastName: NO_LAST_NAME,
    isAdmin: true,
  });
}
