import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TopLists } from '@shared/schemas/analytics.js';
import { apiGet } from '@client/lib/api-client.js';
import { rangeSearch, type AnalyticsRange } from './site-figures.js';

/** The range's ten most viewed episodes, artists and categories; kept on screen while a new range loads. */
export const topListsQuery = (range: AnalyticsRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'top', rangeSearch(range)],
    queryFn: ({ signal }) => apiGet<TopLists>(`/admin/analytics/top?${rangeSearch(range)}`, signal),
    placeholderData: keepPreviousData,
  });

export const topCsvPath = (range: AnalyticsRange) =>
  `/admin/analytics/top.csv?${rangeSearch(range)}`;
