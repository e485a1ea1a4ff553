/** The product's validation rules (formats, lengths, required fields), for forms and the API. */

export const MIN_AGE_YEARS = 13;
export const PASSWORD_MIN_LENGTH = 8;
/** Argon2 hashes any length, but an upper bound keeps a single request from costing seconds. */
export const PASSWORD_MAX_LENGTH = 128;
export const ARTIST_SEARCH_MIN_LENGTH = 3;

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

/**
 * New-admin names split on a space: the first word is the first name, the rest the last name, and
 * 'N/A' when there is one word. (The spec names only the second word; keeping a third keeps
 * 'Mary Jo Smith' whole.)
 */
export function splitAdminName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/).filter(Boolean);
  return { firstName, lastName: rest.length > 0 ? rest.join(' ') : 'N/A' };
}
