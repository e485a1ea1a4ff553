import { z } from 'zod';

/**
 * A string field whose absence reads as the spec's "... is required" text. Trimmed, and never
 * longer than `max`, which a too long value hears by the field's `label` on the forms ('First
 * Name must be at most 100 characters'); a wrong type, which no form sends, names the body field.
 */
export function requiredText(field: string, requiredMessage: string, max = 200, label = field) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? requiredMessage : `${field} must be a string`),
    })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`);
}

/**
 * A positive integer id given as a number or as a numeric string (the spec sends some ids as
 * strings). Nothing else is coerced: `true` or `null` must not quietly become id 1 or 0.
 */
export function idField(field: string) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, `${field} must be a number`),
      ],
      {
        error: (issue) =>
          issue.input === undefined ? `${field} is required` : `${field} must be a number`,
      },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int(`${field} must be a whole number`)
        .positive(`${field} must be a positive number`)
        .max(2_147_483_647, `${field} is out of range`),
    );
}

/** Path ids: digits only, so '/api/videos/abc' is a clear 400 rather than a lookup. */
export const idParam = z
  .string()
  .regex(/^\d{1,10}$/, 'id must be a positive whole number')
  .transform(Number)
  // Ids are PostgreSQL integers: a larger number is no id, not a database error.
  .pipe(
    z
      .number()
      .min(1, 'id must be a positive whole number')
      .max(2_147_483_647, 'id is out of range'),
  );

/** The spec's '1' / '0' flags; booleans and 1/0 are accepted too, for the mobile app's convenience. */
export function flagField(field: string) {
  return z
    .union([z.enum(['1', '0']), z.literal(1), z.literal(0), z.boolean()], {
      error: `${field} must be '1' or '0'`,
    })
    .transform((value) => value === '1' || value === 1 || value === true);
}
