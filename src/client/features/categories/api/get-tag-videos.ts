import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TagPageData } from '@shared/schemas/public-catalogue.js';
import { apiGet, pathPart } from '@client/lib/api-client.js';

/**
 * The shared TAG_PAGE_SIZE (60), restated: importing it would bring in the module's zod schemas,
 * 86 KB of script that the category page (and the router, which prefetches the first page)
 * would load and run for one number. A test keeps the two equal.
 */
export const TAG_PAGE_SIZE = 60;

export const tagVideosQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['tags', id, 'videos'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<TagPageData>(
        `/tag/${pathPart(id)}?page=${pageParam}&pageSize=${TAG_PAGE_SIZE}`,
        signal,
      ),
    initialPageParam: 1,
    // Pages count from 1; another one exists while the pages so far hold fewer than the total.
    getNextPageParam: (last, pages) =>
      pages.length * TAG_PAGE_SIZE < last.total && last.videos.length > 0
        ? pages.length + 1
        : undefined,
  });

export const useTagVideos = (id: string) => useInfiniteQuery(tagVideosQuery(id));
