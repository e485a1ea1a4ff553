const LONG_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The spec's display format, MMMM DD, YYYY (e.g. December 04, 2022). */
export function formatLongDate(iso: string): string {
  return LONG_DATE.format(new Date(iso));
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
