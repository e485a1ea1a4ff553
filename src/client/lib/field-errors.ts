import type { z } from 'zod';

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/**
 * The first message for each field, from the same zod schema the API checks the body with, so the
 * form and the server never disagree about what is valid.
 */
export function fieldErrors<K extends string>(schema: z.ZodType, values: unknown): FieldErrors<K> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<string, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
