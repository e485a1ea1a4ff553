import { z } from 'zod';
import { validationMessages as m } from '../messages/validation.js';
import {
  PASSWORD_MAX_LENGTH,
  isLoginEmail,
  isOldEnough,
  isStrongPassword,
  parseIsoDate,
} from '../validation.js';
import { flagField, requiredText } from './fields.js';

export const loginEmail = (invalidMessage: string) =>
  requiredText('email', m.emailRequired, 254).refine(isLoginEmail, invalidMessage);

export const strongPassword = z
  .string({
    error: (issue) =>
      issue.input === undefined ? m.passwordRequired : 'password must be a string',
  })
  .min(1, m.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
  .refine(isStrongPassword, m.passwordRule);

export const anyPassword = z
  .string({
    error: (issue) =>
      issue.input === undefined ? m.passwordRequired : 'password must be a string',
  })
  .min(1, m.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

export const birthdayField = requiredText('birthday', m.birthdayRequired, 10)
  .refine((value) => parseIsoDate(value) !== null, 'birthday must be a date as YYYY-MM-DD')
  .refine((value) => isOldEnough(value), m.tooYoung);

export const loginBody = z.strictObject({
  email: loginEmail(m.emailInvalidLogin),
  password: anyPassword,
});

export const registerBody = z.strictObject({
  firstName: requiredText('firstName', m.firstNameRequired, 100),
  lastName: requiredText('lastName', m.lastNameRequired, 100),
  zipCode: requiredText('zipCode', m.zipCodeRequired, 20),
  birthday: birthdayField,
  email: loginEmail(m.emailInvalidRegister),
  password: strongPassword,
  newsletter: flagField('newsletter').default(true),
});

/** What login and register answer as `data`; the token travels in the authorization header. */
export const sessionUser = z.object({
  userid: z.number().int(),
  firstName: z.string(),
  isAdmin: z.boolean(),
});

export type LoginBody = z.input<typeof loginBody>;
export type RegisterBody = z.input<typeof registerBody>;
export type SessionUser = z.infer<typeof sessionUser>;
