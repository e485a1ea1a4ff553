/** The product's validation rules (formats, lengths, required fields), for forms and the API. */

export const MIN_AGE_YEARS = 13;
export const PASSWORD_MIN_LENGTH = 8;
/** Argon2 hashes any length, but an upper bound keeps a single request from costing seconds. */
export const PASSWORD_MAX_LENGTH = 128;
export const ARTIST_SEARCH_MIN_LENGTH = 3;
export const ARTIST_SEARCH_MAX_LENGTH = 100;
/** The site search's longest query. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * The longest text each typed field takes: the API refuses more, and the form's input stops
 * there, so nobody types what would be refused. (Artists' and tags' limits sit with their
 * schemas.)
 */
export const TEXT_MAX = {
  /** A first or a last name. */
  personName: 100,
  zipCode: 20,
  email: 254,
  recoveryCode: 32,
  videoTitle: 200,
  videoDescription: 10_000,
  featuredTitle: 200,
  link: 2048,
} as const;

// A pragmatic address check: one @, no spaces, a dot in the domain. RFC 5322 in full accepts
// addresses no mail provider hands out, and rejecting them here costs no real user.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The demo accounts are literally named 'user' and 'admin'; the spec accepts them as emails. */
const DEMO_LOGIN_NAMES = new Set(['user', 'admin']);

export function isEmailFormat(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Login, register and recovery accept the demo names as well as real addresses. */
export function isLoginEmail(value: string): boolean {
  const trimmed = value.trim();
  return DEMO_LOGIN_NAMES.has(trimmed.toLowerCase()) || isEmailFormat(trimmed);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** At least 8 characters with a digit, a lowercase and an uppercase letter (no special character demanded). */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /\d/.test(value) &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value)
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD into a UTC date, or null when it is not a real calendar date. */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const roundTrips =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return roundTrips ? date : null;
}

/** The latest birthday allowed today: today minus 13 years, as YYYY-MM-DD (the date input's max). */
export function latestAllowedBirthday(today: Date = new Date()): string {
  const year = today.getFullYear() - MIN_AGE_YEARS;
  const month = today.getMonth();
  // 29 February minus 13 years falls on 28 February, never rolls into March.
  const lastDay = new Date(year, month + 1, 0).getDate();
  const day = Math.min(today.getDate(), lastDay);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isOldEnough(birthday: string, today: Date = new Date()): boolean {
  return birthday <= latestAllowedBirthday(today);
}

/** The last name the spec stores for someone who gave none (a one-word administrator name). */
export const NO_LAST_NAME = 'N/A';

/** A stored last name as people see it: 'N/A' is no name, so it shows as none. */
export function shownLastName(stored: string): string {
  return stored === NO_LAST_NAME ? '' : stored;
}

/** The last name to store for what was typed: none is stored as the spec stores it, 'N/A'. */
export function storedLastName(typed: string): string {
  return typed.trim() || NO_LAST_NAME;
}

/** 'First Last' as people see it: 'Admin', not 'Admin N/A'. */
export function fullName(firstName: string, lastName: string): string {
  return [firstName, shownLastName(lastName)].filter(Boolean).join(' ');
}

/**
 * New-admin names split on a space: the first word is the first name, the rest the last name, and
 * 'N/A' when there is one word. (The spec names only the second word; keeping a third keeps
 * 'Mary Jo Smith' whole.)
 */
export function splitAdminName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/).filter(Boolean);
  return { firstName, lastName: storedLastName(rest.join(' ')) };
}
