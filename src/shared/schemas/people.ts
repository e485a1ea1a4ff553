import { z } from 'zod';
import { fieldLabels as label } from '../messages/field-labels.js';
import { peopleMessages } from '../messages/people.js';
import { validationMessages as m } from '../messages/validation.js';
import { PASSWORD_MAX_LENGTH, TEXT_MAX, isEmailFormat, isStrongPassword } from '../validation.js';
import { birthdayField } from './auth.js';
import { flagField, idField, requiredText } from './fields.js';
import { pagedList, pageNumberField, wholeNumberField } from './paging.js';
import { acceptingReadShape } from './read-shape.js';

/** A real address (the demo names 'user' and 'admin' are for login only), with the form's own text. */
const emailAddress = (invalidMessage: string) =>
  requiredText('email', m.emailRequired, TEXT_MAX.email, label.email).refine(
    isEmailFormat,
    invalidMessage,
  );

/** A password field whose absence reads as `requiredMessage`; callers add the strength rule where it applies. */
function passwordText(field: string, requiredMessage: string) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? requiredMessage : `${field} must be a string`),
    })
    .min(1, requiredMessage)
    .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);
}

/** The account as `GET /api/users/{id}` answers it (the product's "User account" record). */
export const accountSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** 1 means subscribed. */
  newsletter: z.union([z.literal(1), z.literal(0)]),
  zipcode: z.string(),
  /** YYYY-MM-DD, or null for accounts made without one (administrators). */
  birthday: z.string().nullable(),
  isAdmin: z.boolean(),
});

/**
 * Absent and null mean "leave as it is" (the account as read has no birthday for an
 * administrator); '' is a cleared field, refused like an empty one at sign-up.
 */
const keepWhenNull = (value: unknown) => (value === null ? undefined : value);

const personName = (field: 'firstName' | 'lastName', requiredMessage: string) =>
  requiredText(field, requiredMessage, TEXT_MAX.personName, label[field]);

/**
 * The account as `GET /api/users/{id}` answers it is accepted back by the account writes, its
 * names read as the form's. `isAdmin` may only repeat the stored value (the route checks it): it
 * is never written, and any other value is refused like an unknown field.
 */
const accountAliases = {
  first_name: 'firstName',
  last_name: 'lastName',
  zipcode: 'zip_code',
} as const;
const echoedIsAdmin = z
  .boolean({ error: 'isAdmin must be true or false' })
  .optional()
  .describe("Read-only: must be the account's own value.");

/**
 * `PUT /api/users`: the account form. The spec requires names and email; zip code and birthday,
 * required at sign-up, may be left out (kept as they are) but not cleared, and a birthday sent
 * must still be 13 years back. Newsletter is saved when sent.
 */
export const accountUpdateBody = acceptingReadShape({
  fields: {
    id: idField('id'),
    email: emailAddress(m.emailInvalidAccount),
    firstName: personName('firstName', m.firstNameRequired),
    lastName: personName('lastName', m.lastNameRequired),
    zip_code: z.preprocess(
      keepWhenNull,
      requiredText('zip_code', m.zipCodeRequired, TEXT_MAX.zipCode, label.zipCode).optional(),
    ),
    birthday: z.preprocess(keepWhenNull, birthdayField(peopleMessages.accountTooYoung).optional()),
    newsletter: flagField('newsletter').optional(),
    isAdmin: echoedIsAdmin,
  },
  read: accountSchema,
  aliases: accountAliases,
});

export const deleteUserBody = z.strictObject({ id: idField('id') });

export const changePasswordBody = z.strictObject({
  userId: idField('userId'),
  currentPassword: passwordText('currentPassword', m.currentPasswordRequired),
  newPassword: passwordText('newPassword', m.newPasswordRequired).refine(
    isStrongPassword,
    m.passwordRule,
  ),
});

/** One person in the admin lists (spec: "User as listed to admins", "Administrator as listed"). */
export const listedPersonSchema = z.object({
  id: z.number().int(),
  /** 'First Last' as people see it: a last name of 'N/A' is left out ('Admin'). */
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** ISO 8601, or null if the person never signed in. */
  last_login: z.string().nullable(),
});

// The client's people lists read the type from here.
export { pageInfoSchema } from './paging.js';

export const MAX_PEOPLE_PAGE_SIZE = 500;

/** Filters of the admin user dashboard: name search, last-login window (spec: all, 30, 60, 90). */
export const peopleListQuery = z.object({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  days: z
    .enum(['30', '60', '90', 'all'], { error: "days must be 30, 60, 90 or 'all'" })
    .transform((value) => (value === 'all' ? undefined : Number(value)))
    .optional(),
  page: pageNumberField.default(1),
  pageSize: wholeNumberField('pageSize', MAX_PEOPLE_PAGE_SIZE).default(100),
});

export const userListSchema = pagedList('users', listedPersonSchema);
export const adminListSchema = pagedList('admins', listedPersonSchema);

/** `POST /api/admin/users` (spec: "New-admin payload"); the client splits the name itself. */
export const createAdminBody = z.strictObject({
  email: emailAddress(m.emailInvalidAdmin),
  firstName: personName('firstName', m.adminNoName),
  lastName: personName('lastName', m.lastNameRequired),
  password: passwordText('password', m.passwordRequired).refine(
    isStrongPassword,
    m.adminPasswordFormat,
  ),
});

export const createdAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/**
 * `PUT /api/admin/users`: an administrator edits a name and email (their own or anyone's). The
 * account as read is accepted back; its zip code, birthday and newsletter are not this form's and
 * are ignored.
 */
export const updateAdminBody = acceptingReadShape({
  fields: {
    id: idField('id'),
    email: emailAddress(m.emailInvalidAdmin),
    firstName: personName('firstName', m.firstNameRequired),
    lastName: personName('lastName', m.lastNameRequired),
    isAdmin: echoedIsAdmin,
  },
  read: accountSchema,
  aliases: { first_name: 'firstName', last_name: 'lastName' },
  ignored: ['zipcode', 'birthday', 'newsletter'],
});

/** Spec: "Admin info: first_name, last_name, email". */
export const adminInfoSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export type Account = z.infer<typeof accountSchema>;
export type AccountUpdateBody = z.input<typeof accountUpdateBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export type ListedPerson = z.infer<typeof listedPersonSchema>;
export type PeopleListQuery = z.input<typeof peopleListQuery>;
export type CreateAdminBody = z.input<typeof createAdminBody>;
export type UpdateAdminBody = z.input<typeof updateAdminBody>;
export type AdminInfo = z.infer<typeof adminInfoSchema>;
