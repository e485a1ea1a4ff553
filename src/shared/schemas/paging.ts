import { z } from 'zod';

/**
 * A whole number from 1 to `max` read from the query string, each refusal naming the field.
 * `outOfRange`, when given, is the one text for both bounds.
 */
export function wholeNumberField(field: string, max: number, outOfRange?: string) {
  return z.coerce
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, outOfRange ?? `${field} must be at least 1`)
    .max(max, outOfRange ?? `${field} must be at most ${max}`);
}

/** `page` of the back-office's lists, counting from 1. */
export const pageNumberField = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(1_000_000, 'page is out of range');

/** Where a page of a list stands: `total` counts every item, over all pages. */
export const pageInfoSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A page of a list, under the name the API gives the list (`data.users`), and where it stands. */
export function pagedList<const Name extends string, Item extends z.ZodType>(
  name: Name,
  item: Item,
) {
  const shape = { [name]: z.array(item), pageInfo: pageInfoSchema };
  return z.object(shape as Record<Name, z.ZodArray<Item>> & { pageInfo: typeof pageInfoSchema });
}
