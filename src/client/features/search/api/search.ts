import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchData } from '@shared/schemas/public-catalogue.js';
import { apiGet } from '@client/lib/api-client.js';
import { pageReads } from '@shared/public-pages.js';

/**
 * The results a page at a time (the server's default page size, 40 videos), from `firstPage` on
 * (the address's ?page=). The first page is asked for without parameters: that is the address
 * the server preloads with the page.
 */
export const searchQuery = (term: string, firstPage = 1) =>
  infiniteQueryOptions({
    queryKey: firstPage === 1 ? ['search', term] : ['search', term, { from: firstPage }],
    queryFn: ({ pageParam, signal }) =>
      apiGet<SearchData>(pageReads.search(term, pageParam), signal),
    initialPageParam: firstPage,
    // Another page exists while the pages up to this one hold fewer videos than the total.
    getNextPageParam: (last, _pages, lastPage) =>
      lastPage * last.pageSize < last.videoTotal && last.videos.length > 0
        ? lastPage + 1
        : undefined,
  });

export const useSearch = (term: string, firstPage: number) =>
  useInfiniteQuery(searchQuery(term, firstPage));
