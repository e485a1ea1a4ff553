import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import type { History } from '@shared/schemas/watching.js';
import type { MyListPage } from '@client/components/catalogue/my-list.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

/** GET /api/users/{id}/history's data: newest first. */
export type WatchHistory = History;

export const HISTORY_PAGE_SIZE = 20;
export const MY_LIST_PAGE_SIZE = 24;

export const historyQuery = (userId: number, page: number) =>
  queryOptions({
    queryKey: ['viewer', userId, 'history', page],
    queryFn: ({ signal }) =>
      apiGet<WatchHistory>(
        `/users/${userId}/history?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`,
        signal,
      ),
    staleTime: 0,
  });

/** A page of the history; the page shown stays while the next one loads. */
export const useWatchHistory = (userId: number, page: number) =>
  useQuery({ ...historyQuery(userId, page), placeholderData: keepPreviousData });

/**
 * The history's changes: one removed, all cleared, paused or resumed. Each reads the history
 * and Continue Watching again afterwards (both are the same rows on the server).
 */
export function useHistoryChange(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { remove: number } | { clear: true } | { paused: boolean }) => {
      if ('remove' in change) return apiCall('DELETE', `/users/${userId}/history/${change.remove}`);
      if ('clear' in change) return apiCall('DELETE', `/users/${userId}/history`);
      return apiCall('PUT', `/users/${userId}/history/paused`, {
        body: { paused: change.paused },
      });
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['viewer', userId, 'history'] }),
        queryClient.invalidateQueries({ queryKey: ['viewer', userId, 'continue-watching'] }),
      ]);
    },
    onError: (error) => {
      console.error(w.historyChangeFailed, error);
    },
  });
}

export const myListPagesQuery = (userId: number) =>
  infiniteQueryOptions({
    // Under the My List key the toggles refresh (my-list.ts), so a toggle anywhere shows here.
    queryKey: ['viewer', userId, 'list', 'pages'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<MyListPage>(
        `/users/${userId}/list?page=${pageParam}&pageSize=${MY_LIST_PAGE_SIZE}`,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last: MyListPage, pages: unknown[]) =>
      pages.length * MY_LIST_PAGE_SIZE < last.pageInfo.total ? pages.length + 1 : undefined,
  });

export const useMyListPages = (userId: number) => useInfiniteQuery(myListPagesQuery(userId));
