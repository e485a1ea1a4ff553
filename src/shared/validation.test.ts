import { describe, expect, it } from 'vitest';
import {
  isEmailFormat,
  isLoginEmail,
  isOldEnough,
  isStrongPassword,
  latestAllowedBirthday,
  parseIsoDate,
  splitAdminName,
} from './validation.js';

describe('email rules', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.org', ' spaced@example.com '])(
    'accepts %s',
    (email) => {
      expect(isEmailFormat(email)).toBe(true);
    },
  );
  it.each(['', 'plain', 'a@b', 'a@@b.co', 'a b@c.co', 'a@b.', '@b.co'])('rejects %j', (email) => {
    expect(isEmailFormat(email)).toBe(false);
  });
  it("accepts the literals 'user' and 'admin' only where the spec says (login, register, recovery)", () => {
    expect(isLoginEmail('user')).toBe(true);
    expect(isLoginEmail('ADMIN')).toBe(true);
    expect(isLoginEmail('guest')).toBe(false);
    expect(isEmailFormat('user')).toBe(false);
  });
});

describe('password rule', () => {
  it.each([
    ['Abcdefg1', true],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Abcde1', false],
    ['Ab1'.padEnd(128, 'x'), true],
    ['Ab1'.padEnd(129, 'x'), false],
  ])('%j -> %s (no special character demanded)', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });
});

describe('age rule', () => {
  it('puts the latest birthday 13 years before today', () => {
    expect(latestAllowedBirthday(new Date(2026, 10, 21))).toBe('2013-11-21');
  });
  it('maps 29 February to 28 February thirteen years earlier', () => {
    expect(latestAllowedBirthday(new Date(2028, 1, 29))).toBe('2015-02-28');
  });
  it('accepts someone turning 13 today and refuses someone a day short', () => {
    const today = new Date(2026, 10, 21);
    expect(isOldEnough('2013-11-21', today)).toBe(true);
    expect(isOldEnough('2013-11-22', today)).toBe(false);
  });
  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('1990-1-1')).toBeNull();
  });
});

describe('new administrator names', () => {
  it.each([
    ['Dolly Parton', 'Dolly', 'Parton'],
    ['Cher', 'Cher', 'N/A'],
    ['  Mary Jo   Smith ', 'Mary', 'Jo Smith'],
  ])('%j -> %s / %s', (name, firstName, lastName) => {
    expect(splitAdminName(name)).toEqual({ firstName, lastName });
  });
});
