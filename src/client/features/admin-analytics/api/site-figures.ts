import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ANALYTICS_PRESETS, type AnalyticsPreset } from '@shared/analytics-range-rules.js';
import type { SiteFigures } from '@shared/schemas/analytics.js';
import { apiGet } from '@client/lib/api-client.js';

/**
 * The last N days, a custom range of UTC days (both ends included), or (an episode's page) from
 * the day it was published.
 */
export type AnalyticsRange =
  | { kind: 'preset'; days: AnalyticsPreset }
  | { kind: 'custom'; from: string; to: string }
  | { kind: 'published' };

export const DEFAULT_RANGE: AnalyticsRange = { kind: 'preset', days: '30' };

/** The range as the address and the API say it: days=30, from=…&to=…, or nothing. */
export function searchOf(range: AnalyticsRange): Record<string, string> {
  if (range.kind === 'preset') return { days: range.days };
  if (range.kind === 'custom') return { from: range.from, to: range.to };
  return {};
}

export const rangeSearch = (range: AnalyticsRange) =>
  new URLSearchParams(searchOf(range)).toString();

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isPreset = (value: string | null): value is AnalyticsPreset =>
  ANALYTICS_PRESETS.some((preset) => preset === value);

/**
 * The range the address keeps (?days=90 or ?from=…&to=…), so a reload or a link keeps it;
 * `fallback` without either. A malformed day goes to the server, which says what is wrong.
 */
export function rangeFromSearch(search: URLSearchParams, fallback: AnalyticsRange): AnalyticsRange {
  const from = search.get('from');
  const to = search.get('to');
  if (from && to && DAY_PATTERN.test(from) && DAY_PATTERN.test(to)) {
    return { kind: 'custom', from, to };
  }
  const days = search.get('days');
  return isPreset(days) ? { kind: 'preset', days } : fallback;
}

/** The range's days and the period before; the figures on screen stay while a new range loads. */
export const siteFiguresQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'site', rangeSearch(range)],
    queryFn: ({ signal }) =>
      apiGet<SiteFigures>(`/admin/analytics/site?${rangeSearch(range)}`, signal),
    placeholderData: keepPreviousData,
  });

/** The API path of the range's days as CSV (fetched with the session's token: no cookies). */
export const siteCsvPath = (range: AnalyticsRange) =>
  `/admin/analytics/site.csv?${rangeSearch(range)}`;
