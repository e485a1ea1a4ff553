import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import type { ContinueWatchingItem } from '@shared/schemas/watching.js';
import { myListQuery } from '@client/components/catalogue/my-list.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';
import { useSession } from '@client/lib/session.js';

export type { ContinueWatchingItem };

export const continueWatchingQuery = (userId: number) =>
  queryOptions({
    queryKey: ['viewer', userId, 'continue-watching'],
    queryFn: ({ signal }) =>
      apiGet<ContinueWatchingItem[]>(`/users/${userId}/continue-watching`, signal),
    // Another device may have moved on since: read again whenever the home page is shown.
    staleTime: 0,
  });

/**
 * The home page's rows of the signed-in fan's own: viewer data, read in the browser after the
 * page (never part of the cached home); disabled for visitors.
 */
export function useContinueWatching() {
  const session = useSession();
  return useQuery({ ...continueWatchingQuery(session?.id ?? 0), enabled: session !== null });
}

/** The newest of My List, as many as a row shows. */
export function useMyListRow() {
  const session = useSession();
  return useQuery({ ...myListQuery(session?.id ?? 0, 1, 12), enabled: session !== null });
}

/** Hides a video from Continue Watching (its position and history stay). */
export function useRemoveFromContinueWatching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, videoId }: { userId: number; videoId: number }) =>
      apiCall('DELETE', `/users/${userId}/continue-watching/${videoId}`),
    onSuccess: (_answer, { userId, videoId }) => {
      queryClient.setQueryData<ContinueWatchingItem[]>(
        continueWatchingQuery(userId).queryKey,
        (items) => items?.filter((item) => item.id !== videoId),
      );
    },
    onError: (error) => {
      console.error(w.continueWatchingError, error);
    },
  });
}
