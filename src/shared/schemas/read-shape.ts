import { z } from 'zod';

/**
 * How a write body takes its subject back as the API reads it (the mobile app reads an object,
 * edits it and sends it whole):
 * - `fields`: what the write saves, validated as before;
 * - `aliases`: read names that are another name for a saved field (`epnum` for `episode_number`);
 * - `ignored`: the read shape's other fields, accepted and dropped, so they are never written.
 * Any other field is still an unknown field, refused with a 400 ("Unknown field in body: x").
 */
export interface ReadShapeWrite<
  F extends z.ZodRawShape,
  R extends z.ZodRawShape,
  A extends keyof R & string,
  I extends keyof R & string,
> {
  fields: F;
  read: z.ZodObject<R>;
  aliases?: { [K in A]: keyof F & string };
  ignored?: readonly I[];
}

/** What a client may send: the saved fields, and the read shape's aliases and ignored fields. */
export type ReadShapeInput<
  F extends z.ZodRawShape,
  R extends z.ZodRawShape,
  K extends keyof R & string,
> = z.input<z.ZodObject<F>> & { [P in K]?: z.input<R[P]> };

export const aliasConflictMessage = (alias: string, field: string) =>
  `${alias} and ${field} differ: send one of them, or the same value in both`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The same value as sent, or equal once read by the field's schema ('88' and 88 are one episode
 * number). Only what the schema accepted is serialised: the input itself may be anything a client
 * sent, an array nested 30,000 deep included, which JSON.stringify would recurse through until the
 * stack ran out.
 */
function sameValue(schema: z.ZodType, a: unknown, b: unknown): boolean {
  // One and the same text or number: the field's own check speaks for both.
  if (Object.is(a, b)) return true;
  const [left, right] = [schema.safeParse(a), schema.safeParse(b)];
  return left.success && right.success && JSON.stringify(left.data) === JSON.stringify(right.data);
}

/**
 * What the body's JSON Schema (the OpenAPI document) should require: a saved field only where no
 * alias can stand in for it, and otherwise the field or one of its aliases, as the preprocessing
 * below reads them. Left to zod, the document would require `firstName` of a client sending the
 * account back as read, with `first_name`, which the API accepts.
 */
function requiredInDocument(
  fields: z.ZodRawShape,
  aliasPairs: readonly (readonly [string, string])[],
): z.core.JSONSchemaMeta {
  // zod's own test for a required input key: one that accepts no absence.
  const needed = Object.keys(fields).filter((key) => fields[key]?._zod.optin === undefined);
  const aliasesOf = (field: string) =>
    aliasPairs.filter(([, target]) => target === field).map(([alias]) => alias);
  const standIns = needed.filter((field) => aliasesOf(field).length > 0);
  const required = needed.filter((field) => aliasesOf(field).length === 0);
  if (standIns.length === 0) return { required };
  const names = (field: string) => [field, ...aliasesOf(field)];
  return {
    required,
    allOf: standIns.map((field) => ({
      anyOf: names(field).map((name) => ({ title: name, required: [name] })),
    })),
    // Reference UIs show the alternatives poorly; this says them in words.
    description: `Also required: ${standIns
      .map((field) =>
        names(field)
          .map((name) => `\`${name}\``)
          .join(' or '),
      )
      .join('; ')}.`,
  };
}

export function acceptingReadShape<
  F extends z.ZodRawShape,
  R extends z.ZodRawShape,
  const A extends keyof R & string = never,
  const I extends keyof R & string = never,
>({ fields, read, aliases, ignored = [] }: ReadShapeWrite<F, R, A, I>) {
  const aliasPairs = Object.entries(aliases ?? {}) as [string, string][];
  const accepted: Record<string, z.ZodType> = {};
  // Listed in the object (for OpenAPI and the unknown-field check); the aliases are read below.
  for (const [alias, field] of aliasPairs) {
    accepted[alias] = z.optional(fields[field] as z.ZodType).describe(`Another name for ${field}.`);
  }
  for (const key of ignored) {
    accepted[key] = z.optional(read.shape[key] as z.ZodType).describe('Read-only: ignored.');
  }
  const body = z.strictObject(fields).extend(accepted).meta(requiredInDocument(fields, aliasPairs));
  const saved = new Set(Object.keys(fields));

  const readAliases = (input: unknown, context: z.RefinementCtx): unknown => {
    if (!isRecord(input)) return input;
    const value = { ...input };
    for (const [alias, field] of aliasPairs) {
      const sent = value[alias];
      delete value[alias];
      if (sent === undefined) continue;
      if (value[field] === undefined) value[field] = sent;
      else if (!sameValue(fields[field] as z.ZodType, value[field], sent)) {
        context.addIssue({
          code: 'custom',
          path: [alias],
          message: aliasConflictMessage(alias, field),
        });
      }
    }
    return value;
  };

  return z
    .preprocess<unknown, typeof body, ReadShapeInput<F, R, A | I>>(readAliases, body)
    .transform(
      (value) =>
        Object.fromEntries(Object.entries(value).filter(([key]) => saved.has(key))) as z.output<
          z.ZodObject<F, z.core.$strict>
        >,
    );
}
