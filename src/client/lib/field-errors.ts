import type { z } from 'zod';
import { ApiError } from './api-client.js';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** Body fields a form names otherwise: the new-admin body's `firstName` is the form's `name`. */
export type Renames<K extends string = string> = Readonly<Partial<Record<string, K>>>;

/**
 * The first message for each field, from the same zod schema the API checks the body with, so the
 * form and the server never disagree about what is valid.
 */
export function fieldErrors<K extends string>(
  schema: z.ZodType,
  body: unknown,
  rename: Renames<K> = {},
): FieldErrors<K> {
  const result = schema.safeParse(body);
  const errors: Partial<Record<string, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[rename[key] ?? key] ??= issue.message;
  }
  return errors;
}

/** The message of a refused body (a 400 or 422), the answers that may name a field. */
export function refusalOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) {
    return undefined;
  }
  return error.message;
}

/**
 * The body field a refusal names. The API's 400s say which field they refuse, by the field's
 * label ('Email must be at most 254 characters': see labelledField) or, for the fields people
 * never type, by its name ('id: …'); any other answer belongs to no field.
 */
export function refusedField(error: unknown): string | undefined {
  const message = refusalOf(error);
  return message === undefined ? undefined : /^([A-Za-z_]\w*)(?:[\s:.[]|$)/.exec(message)?.[1];
}

/** The one of `labels` (field -> its label on the form) that starts the refusal's message. */
export function labelledField<K extends string>(
  error: unknown,
  labels: Iterable<[K, string]>,
): K | undefined {
  const message = refusalOf(error);
  if (message === undefined) return undefined;
  for (const [name, label] of labels) {
    if (label && message.startsWith(`${label} `)) return name;
  }
  return undefined;
}
