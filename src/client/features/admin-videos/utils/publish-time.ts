/**
 * A scheduled publish time as the editor's `datetime-local` field holds it: the administrator's
 * own time zone, to the minute, no zone written ('2026-12-04T19:00'); '' for none.
 */
export function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The field's value as the API takes it: an instant in UTC. A `datetime-local` text without a
 * zone is read by Date as local time, the zone the administrator typed it in.
 */
export function publishAtOfInput(value: string): string | null {
  if (value.trim() === '') return null;
  const at = new Date(value);
  // The API names a text it cannot read; the editor sends it as typed so it does.
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** The browser's time zone, to say which one the field is in ('America/Chicago'). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const scheduleFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** 'Private until Dec 4, 2026, 7:00 PM', in the reader's zone. */
export const scheduledUntil = (iso: string): string =>
  `Private until ${scheduleFormat.format(new Date(iso))}`;
