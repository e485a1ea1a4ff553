import type { z } from 'zod';
import { envelope, errorEnvelope, type ApiEnvelope } from '../../shared/api-envelope.js';

/**
 * The refusals particular to a route (someone else's account, a missing id, a conflict), each with
 * what it means there, for its response schema and the OpenAPI document. The refusals every route
 * of its kind gives (bad input, no token, not an administrator, too many requests, database down)
 * are added to every route by plugins/route-docs.ts, from its input and the access table.
 */
export function errorResponses<S extends number>(
  descriptions: Record<S, string>,
): Record<S, typeof errorEnvelope> {
  return Object.fromEntries(
    Object.entries<string>(descriptions).map(([status, text]) => [
      status,
      errorEnvelope.describe(text),
    ]),
  ) as Record<S, typeof errorEnvelope>;
}

/**
 * A success answer with an example for the reference. The example is typed by the schema, so it
 * cannot drift from it unnoticed (and `npm run lint:api` checks it against the document).
 */
export function answerWithExample<T extends z.ZodType>(
  data: T,
  example: ApiEnvelope<z.output<T>>,
): ReturnType<typeof envelope<T>> {
  return envelope(data).meta({ examples: [example] });
}
