import { normalizeEmail } from '@shared/validation.js';
import type { Database } from '../db/client.js';
import { hashPassword } from '../modules/auth/password-hashing.js';
import { findUserByEmail, insertUser } from '../modules/users/users-repository.js';

/**
 * Creates the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD when no account has that email.
 * An existing account is left alone: its password may have been changed since.
 */
export async function ensureConfiguredAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<void> {
  const normalized = normalizeEmail(email);
  if (await findUserByEmail(db, normalized)) return;
  await insertUser(db, {
    email: normalized,
    passwordHash: await hashPassword(password),
    firstName: 'Admin',
    lastName: 'N/A',
    isAdmin: true,
  });
}
