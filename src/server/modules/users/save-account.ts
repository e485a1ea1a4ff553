import { apiMessages } from '@shared/messages/api.js';
import { normalizeEmail } from '@shared/validation.js';
import type { Database } from '@server/db/client.js';
import { conflictWhenTaken } from '@server/lib/constraint-errors.js';
import { notFound } from '@server/lib/http-errors.js';
import { updateUser, type NewUser, type UserRow } from './users-repository.js';

type AccountFields = Partial<Omit<NewUser, 'passwordHash' | 'isAdmin' | 'email'>> & {
  email: string;
};

/**
 * Saves an account's fields, whoever edits it (its owner, PUT /api/users; an administrator, PUT
 * /api/admin/users): the email as stored (normalized), a 409 when it is another account's, a 404
 * when there is no such account.
 */
export async function saveAccount(
  db: Database,
  id: number,
  fields: AccountFields,
): Promise<UserRow> {
  const user = await conflictWhenTaken(apiMessages.emailTaken, () =>
    updateUser(db, id, { ...fields, email: normalizeEmail(fields.email) }),
  );
  if (!user) throw notFound(apiMessages.userNotFound);
  return user;
}
