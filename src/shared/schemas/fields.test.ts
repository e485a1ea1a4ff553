import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { flagField, idField, idParam } from './fields.js';

describe('idField', () => {
  const body = z.strictObject({ id: idField('id') });
  const message = (input: unknown) => body.safeParse(input).error?.issues[0]?.message;

  it('accepts numbers and digit strings', () => {
    expect(body.parse({ id: 7 })).toEqual({ id: 7 });
    expect(body.parse({ id: ' 42 ' })).toEqual({ id: 42 });
  });

  it.each([
    [{}, 'id is required'],
    [{ id: true }, 'id must be a number'],
    [{ id: null }, 'id must be a number'],
    [{ id: '' }, 'id must be a number'],
    [{ id: '12abc' }, 'id must be a number'],
    [{ id: [1] }, 'id must be a number'],
    [{ id: 0 }, 'id must be a positive number'],
    [{ id: 1.5 }, 'id must be a whole number'],
    [{ id: 3_000_000_000 }, 'id is out of range'],
  ])('refuses %j: %s', (input, expected) => {
    expect(message(input)).toBe(expected);
  });
});

describe('idParam', () => {
  it.each([
    ['7', 7],
    ['2147483647', 2147483647],
  ])('reads %s', (input, expected) => {
    expect(idParam.parse(input)).toBe(expected);
  });
  it.each([
    ['0', 'id must be a positive whole number'],
    ['2147483648', 'id is out of range'],
    ['9999999999', 'id is out of range'],
    ['-1', 'id must be a positive whole number'],
    ['1e3', 'id must be a positive whole number'],
  ])('refuses %s', (input, expected) => {
    expect(idParam.safeParse(input).error?.issues[0]?.message).toBe(expected);
  });
});

describe('flagField', () => {
  const flag = flagField('newsletter');
  it.each([
    ['1', true],
    ['0', false],
    [1, true],
    [false, false],
  ])('%j -> %s', (input, expected) => {
    expect(flag.parse(input)).toBe(expected);
  });
  it('refuses anything else', () => {
    expect(flag.safeParse('yes').error?.issues[0]?.message).toBe("newsletter must be '1' or '0'");
  });
});
