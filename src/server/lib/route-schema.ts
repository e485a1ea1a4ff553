import type { z } from 'zod';
import { envelope, errorEnvelope, type ApiEnvelope } from '@shared/api-envelope.js';

/**
 * The refusals particular to a route (someone else's account, a missing id, a conflict), each with
 * what it means there, for its response schema and the OpenAPI document. The refusals every route
 * of its kind gives (bad input, no token, not an administrator, too many requests, database down)
 * are added to every route by plugins/route-docs.ts, from its input and its access rule.
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

/** A named example of a request body, as a client sends it. */
export interface BodyExample<V> {
  summary: string;
  value: V;
}

/** Every body given examples so far, with them, for checkBodyExamples. */
const documentedBodies: { body: z.ZodType; examples: Record<string, BodyExample<unknown>> }[] = [];

/**
 * A request body with examples for the reference, typed by what the body accepts (or, for a
 * write that takes its subject back as read, by the read shape `Read`). zod leaves `examples` out
 * of the JSON Schema of a body that transforms, as nearly all do (ids sent as strings, read names
 * taken back), so the examples travel as `x-examples`, which @fastify/swagger makes the media
 * type's named `examples`. Whether the body accepts them is checked by a test
 * (checkBodyExamples), not at each start: parsing them took 30-50 ms of a 1 s cold start.
 */
export function bodyWithExamples<T extends z.ZodType, Read = never>(
  body: T,
  examples: Record<string, BodyExample<z.input<T> | NoInfer<Read>>>,
): T {
  documentedBodies.push({ body, examples });
  return body.meta({ 'x-examples': examples });
}

/**
 * The examples given so far, counted, and those their own body refuses, each as "'name' ...:
 * why". The JSON Schema in the document cannot say everything zod checks (a strong password, an
 * old enough birthday), so openapi-document.test.ts asks this once the app is built.
 */
export function checkBodyExamples(): { checked: number; refused: string[] } {
  const all = documentedBodies.flatMap(({ body, examples }) =>
    Object.entries(examples).map(([name, { value }]) => ({ name, parsed: body.safeParse(value) })),
  );
  return {
    checked: all.length,
    refused: all.flatMap(({ name, parsed }) =>
      parsed.success ? [] : [`'${name}' is refused by its own schema: ${parsed.error.message}`],
    ),
  };
}
