import { z } from 'zod';
import { fieldLabels as label } from '../messages/field-labels.js';
import { validationMessages as m } from '../messages/validation.js';
import {
  PASSWORD_MAX_LENGTH,
  TEXT_MAX,
  isLoginEmail,
  isOldEnough,
  isStrongPassword,
  parseIsoDate,
} from '../validation.js';
import { flagField, requiredText } from './fields.js';

export const loginEmail = (invalidMessage: string) =>
  requiredText('email', m.emailRequired, TEXT_MAX.email, label.email).refine(
    isLoginEmail,
    invalidMessage,
  );

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

/** A birthday 13 years back or more; `tooYoung` is the form's words for one that is not. */
export const birthdayField = (tooYoung: string) =>
  requiredText('birthday', m.birthdayRequired, 10, label.birthday)
    .refine(
      (value) => parseIsoDate(value) !== null,
      `${label.birthday} must be a date as YYYY-MM-DD`,
    )
    .refine((value) => isOldEnough(value), tooYoung);

export const loginBody = z.strictObject({
  email: loginEmail(m.emailInvalidLogin),
  password: anyPassword,
});

export const registerBody = z.strictObject({
  firstName: requiredText('firstName', m.firstNameRequired, TEXT_MAX.personName, label.firstName),
  lastName: requiredText('lastName', m.lastNameRequired, TEXT_MAX.personName, label.lastName),
  zipCode: requiredText('zipCode', m.zipCodeRequired, TEXT_MAX.zipCode, label.zipCode),
  birthday: birthdayField(m.tooYoung),
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
