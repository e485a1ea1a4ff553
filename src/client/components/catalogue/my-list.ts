import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import type { MyList } from '@shared/schemas/watching.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';
import { useSession } from '@client/lib/session.js';

/** A page of My List: GET /api/users/{id}/list's data. */
export type MyListPage = MyList;

/**
 * Viewer data lives under ['viewer', userId, …]: never part of a cached page, dropped with the
 * session (a progress report marks it all stale: use-progress-reports.ts).
 */
export const myListIdsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['viewer', userId, 'list-ids'],
    queryFn: ({ signal }) => apiGet<number[]>(`/users/${userId}/list/ids`, signal),
  });

export const myListQuery = (userId: number, page = 1, pageSize = 20) =>
  queryOptions({
    queryKey: ['viewer', userId, 'list', page, pageSize],
    queryFn: ({ signal }) =>
      apiGet<MyListPage>(`/users/${userId}/list?page=${page}&pageSize=${pageSize}`, signal),
  });

/** The ids in the signed-in fan's list (one request a page, shared by every card); empty otherwise. */
export function useMyListIds(): ReadonlySet<number> | null {
  const session = useSession();
  const ids = useQuery({ ...myListIdsQuery(session?.id ?? 0), enabled: session !== null });
  return session && ids.data ? new Set(ids.data) : null;
}

/**
 * Adds a video to My List or takes it out; the buttons change when the server has answered, and
 * the list's pages are read again when next shown.
 */
export function useToggleMyList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, videoId, add }: { userId: number; videoId: number; add: boolean }) =>
      apiCall(add ? 'PUT' : 'DELETE', `/users/${userId}/list/${videoId}`),
    onSuccess: (_answer, { userId, videoId, add }) => {
      queryClient.setQueryData<number[]>(myListIdsQuery(userId).queryKey, (ids = []) =>
        add ? [videoId, ...ids.filter((id) => id !== videoId)] : ids.filter((id) => id !== videoId),
      );
      void queryClient.invalidateQueries({ queryKey: ['viewer', userId, 'list'] });
    },
    onError: (error) => {
      console.error(w.myListChangeFailed, error);
    },
  });
}
