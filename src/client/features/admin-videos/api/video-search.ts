import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVideoSearchResult } from '@shared/schemas/admin-videos.js';
import { apiGet, pathPart } from '@client/lib/api-client.js';

/** The spec leaves the page size open; 20 rows keep the list short and each call small. */
export const VIDEO_SEARCH_PAGE_SIZE = 20;

export const videoSearchKey = ['admin', 'video-search'] as const;

/** The spec's client lower-cases the query; the server does too, so both agree on the cache key. */
export const videoSearchQuery = (query: string, page: number) => {
  const text = query.trim().toLowerCase();
  return queryOptions({
    queryKey: [...videoSearchKey, text, page],
    queryFn: ({ signal }) =>
      apiGet<AdminVideoSearchResult>(
        `/admin/search/videos/${pathPart(text)}?page=${page}&pageSize=${VIDEO_SEARCH_PAGE_SIZE}`,
        signal,
      ),
    // Back from the editor, the list shows at once and then refreshes (a title may have changed).
    staleTime: 0,
  });
};

/** Runs only for a non-empty query: an empty one shows 'No results based on search' without a call. */
export function useVideoSearch(query: string, page: number) {
  return useQuery({
    ...videoSearchQuery(query, page),
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
