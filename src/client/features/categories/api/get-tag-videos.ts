import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TagPageData } from '@shared/schemas/public-catalogue.js';
import { apiGet } from '@client/lib/api-client.js';
import { pageReads, TAG_PAGE_SIZE } from '@shared/public-pages.js';

export const tagVideosQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: ['tags', id, 'videos'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<TagPageData>(pageReads.category(id, pageParam), signal),
    initialPageParam: 1,
    // Pages count from 1; another one exists while the pages so far hold fewer than the total.
    getNextPageParam: (last, pages) =>
      pages.length * TAG_PAGE_SIZE < last.total && last.videos.length > 0
        ? pages.length + 1
        : undefined,
  });

export const useTagVideos = (id: string) => useInfiniteQuery(tagVideosQuery(id));
