import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsPreset } from '@shared/analytics-range-rules.js';
import type { SiteFigures } from '@shared/schemas/analytics.js';
import { apiGet } from '@client/lib/api-client.js';

/** The last N days, or a custom range of UTC days (both ends included). */
export type AnalyticsRange =
  { kind: 'preset'; days: AnalyticsPreset } | { kind: 'custom'; from: string; to: string };

export const DEFAULT_RANGE: AnalyticsRange = { kind: 'preset', days: '30' };

export function rangeSearch(range: AnalyticsRange): string {
  const params =
    range.kind === 'preset'
      ? new URLSearchParams({ days: range.days })
      : new URLSearchParams({ from: range.from, to: range.to });
  return params.toString();
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
