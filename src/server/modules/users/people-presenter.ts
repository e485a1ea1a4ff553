import { fullName } from '@shared/validation.js';
import type { Account, AdminInfo, ListedPerson } from '@shared/schemas/people.js';
import type { UserRow } from './users-repository.js';

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    newsletter: row.newsletter ? 1 : 0,
    zipcode: row.zipcode,
    birthday: row.birthday,
    isAdmin: row.isAdmin,
  };
}

export function toListedPerson(row: UserRow): ListedPerson {
  return {
    id: row.id,
    name: fullName(row.firstName, row.lastName),
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    last_login: row.lastLogin ? row.lastLogin.toISOString() : null,
  };
}

export function toAdminInfo(row: UserRow): AdminInfo {
  return { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email };
}
