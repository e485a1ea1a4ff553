import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idField } from '@shared/schemas/fields.js';
import { bodyWithExamples, checkBodyExamples } from './route-schema.js';

const body = z.strictObject({
  id: idField('id'),
  name: z.string().refine((name) => name.length > 2, 'name is too short'),
});

describe('bodyWithExamples', () => {
  it('carries the examples into the JSON Schema of a body that transforms', () => {
    const documented = bodyWithExamples(body, {
      byId: { summary: 'An id as a string', value: { id: '88', name: 'Patsy' } },
    });
    expect(z.toJSONSchema(documented, { io: 'input' })['x-examples']).toEqual({
      byId: { summary: 'An id as a string', value: { id: '88', name: 'Patsy' } },
    });
    expect(documented.parse({ id: '88', name: 'Patsy' })).toEqual({ id: 88, name: 'Patsy' });
  });

  it('names an example the body itself would refuse, and only that one', () => {
    bodyWithExamples(body, {
      fine: { summary: 'Long enough', value: { id: 1, name: 'Patsy' } },
      short: { summary: 'Too short', value: { id: 1, name: 'x' } },
    });
    const { checked, refused } = checkBodyExamples();
    expect(checked).toBeGreaterThanOrEqual(2);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^'short' is refused by its own schema.*name is too short/s);
  });
});
