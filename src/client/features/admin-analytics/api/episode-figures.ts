import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { EpisodeFigures } from '@shared/schemas/analytics.js';
import { apiGet } from '@client/lib/api-client.js';
import { rangeSearch, type AnalyticsRange } from './site-figures.js';

const query = (range: AnalyticsRange) => {
  const search = rangeSearch(range);
  return search ? `?${search}` : '';
};

/** One episode's days, totals and retention; the figures on screen stay while a range loads. */
export const episodeFiguresQuery = (id: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'episode', id, rangeSearch(range)],
    queryFn: ({ signal }) =>
      apiGet<EpisodeFigures>(
        `/admin/analytics/videos/${encodeURIComponent(id)}${query(range)}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const episodeDaysCsvPath = (id: string, range: AnalyticsRange) =>
  `/admin/analytics/videos/${encodeURIComponent(id)}/days.csv${query(range)}`;

export const retentionCsvPath = (id: string) =>
  `/admin/analytics/videos/${encodeURIComponent(id)}/retention.csv`;
