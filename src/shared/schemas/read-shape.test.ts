import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idField } from './fields.js';
import { acceptingReadShape, aliasConflictMessage } from './read-shape.js';

const read = z.object({
  id: z.number(),
  alias_id: z.number(),
  name: z.string(),
  like_count: z.number(),
});
const body = acceptingReadShape({
  fields: { id: idField('id'), name: z.string().optional() },
  read,
  aliases: { alias_id: 'id' },
  ignored: ['like_count'],
});

describe('acceptingReadShape', () => {
  it('takes the object as read, keeping only the saved fields', () => {
    expect(body.parse({ id: 3, alias_id: 3, name: 'x', like_count: 9 })).toEqual({
      id: 3,
      name: 'x',
    });
  });

  it('reads an alias as its field, and one that agrees once parsed', () => {
    expect(body.parse({ alias_id: 4 })).toEqual({ id: 4 });
    expect(body.parse({ id: '4', alias_id: 4 })).toEqual({ id: 4 });
  });

  it('refuses an alias that disagrees with its field, naming both', () => {
    const result = body.safeParse({ id: 4, alias_id: 5 });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['alias_id'],
        message: aliasConflictMessage('alias_id', 'id'),
      }),
    ]);
    expect(aliasConflictMessage('alias_id', 'id')).toBe(
      'alias_id and id differ: send one of them, or the same value in both',
    );
  });

  it('compares an alias with its field only once read: a deeply nested alias is a conflict, not a stack overflow', () => {
    let deep: unknown = [];
    for (let depth = 0; depth < 30_000; depth += 1) deep = [deep];
    const result = body.safeParse({ id: 4, alias_id: deep });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['alias_id'],
        message: aliasConflictMessage('alias_id', 'id'),
      }),
    ]);
    // The same invalid text in both is the field's own error, named once.
    const list = acceptingReadShape({
      fields: { tags: z.array(z.number()).max(2, 'tags must hold at most 2 ids') },
      read: z.object({ tags: z.array(z.number()), tag_ids: z.array(z.number()) }),
      aliases: { tag_ids: 'tags' },
    });
    expect(list.parse({ tags: [1, 2], tag_ids: [1, 2] })).toEqual({ tags: [1, 2] });
    expect(list.safeParse({ tags: [1, 2], tag_ids: deep }).error?.issues[0]?.message).toBe(
      aliasConflictMessage('tag_ids', 'tags'),
    );
    expect(body.safeParse({ id: 'x', alias_id: 'x' }).error?.issues[0]?.path).toEqual(['id']);
  });

  it('still refuses a field outside the read shape, and keeps the ignored field typed', () => {
    expect(body.safeParse({ id: 1, isAdmin: true }).error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['isAdmin'],
    });
    expect(body.safeParse({ id: 1, like_count: 'many' }).success).toBe(false);
  });

  it('describes the aliases and ignored fields in the JSON schema', () => {
    const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, unknown>;
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(['alias_id', 'id', 'like_count', 'name']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('documents what it accepts: the field or its alias is required, not the field alone', () => {
    const validate = new Ajv2020({ strict: false }).compile(
      z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }),
    );
    for (const accepted of [
      { id: 4 },
      { alias_id: 4 },
      { alias_id: 4, name: 'x', like_count: 9 },
    ]) {
      expect(body.safeParse(accepted).success, JSON.stringify(accepted)).toBe(true);
      expect(validate(accepted), JSON.stringify(accepted)).toBe(true);
    }
    for (const refused of [{}, { name: 'x' }, { like_count: 9 }]) {
      expect(body.safeParse(refused).success, JSON.stringify(refused)).toBe(false);
      expect(validate(refused), JSON.stringify(refused)).toBe(false);
    }
  });
});
