import { adminAnalyticsUiMessages as u } from '@shared/messages/admin-analytics-ui.js';

const DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const FIGURE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 'Nov 26, 2026' for the UTC day '2026-11-26'. */
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/** 12,345 (or 12.3K on a chart's axis); a day before a figure was measured says so. */
export function formatFigure(value: number | null, compact = false): string {
  if (value === null) return u.notMeasured;
  return (compact ? COMPACT : FIGURE).format(value);
}

/** 'Nov 1, 2026 – Nov 30, 2026'. */
export const formatRange = (range: { from: string; to: string }) =>
  range.from === range.to
    ? formatDay(range.from)
    : `${formatDay(range.from)} – ${formatDay(range.to)}`;
