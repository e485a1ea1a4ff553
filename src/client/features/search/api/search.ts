import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchData } from '@shared/schemas/public-catalogue.js';
import { apiGet } from '@client/lib/api-client.js';
import { pageReads } from '@shared/page-loads.js';

/**
 * The results a page at a time (the server's default page size, 40 videos). The first page is
 * asked for without parameters: that is the address the server preloads with the page.
 */
export const searchQuery = (term: string) =>
  infiniteQueryOptions({
    queryKey: ['search', term],
    queryFn: ({ pageParam, signal }) =>
      apiGet<SearchData>(pageReads.search(term, pageParam), signal),
    initialPageParam: 1,
    // Another page exists while the pages so far hold fewer videos than the total.
    getNextPageParam: (last, pages) =>
      pages.length * last.pageSize < last.videoTotal && last.videos.length > 0
        ? pages.length + 1
        : undefined,
  });

export const useSearch = (term: string) => useInfiniteQuery(searchQuery(term));
