import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Channel,
  ChannelsOverview,
  SyncRun,
  SyncRunPage,
  SyncSettings,
  SyncSettingsBody,
} from '@shared/schemas/channels.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

/** The server's page of the sync history. */
export const SYNC_RUNS_PAGE_SIZE = 20;

export const channelsKey = ['admin', 'channels'] as const;
const runsKey = [...channelsKey, 'runs'] as const;

/**
 * The Videos screen's searches (admin-videos' videoSearchKey): a sync imports videos into them.
 * Features do not import each other, so the key is repeated here.
 */
const VIDEO_SEARCH_KEY = ['admin', 'video-search'] as const;

/** The channels, the settings, today's quota and the next sync: the screen's first read. */
export const channelsOverviewQuery = queryOptions({
  queryKey: [...channelsKey, 'overview'],
  queryFn: ({ signal }) => apiGet<ChannelsOverview>('/admin/channels', signal),
});

/** One page of the sync runs, newest first; the page on screen stays while the next one loads. */
export const syncRunsQuery = (page: number) =>
  queryOptions({
    queryKey: [...runsKey, page],
    queryFn: ({ signal }) => apiGet<SyncRunPage>(`/admin/channels/runs?page=${page}`, signal),
    placeholderData: keepPreviousData,
  });

/** After a change: the overview and the history (a sync or a removal changes both). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: channelsKey });
}

/** POST /api/admin/channels: follow a channel (by its id or link). */
export function useAddChannel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: { channel: string; push: boolean }) =>
      (await apiCall<Channel>('POST', '/admin/channels', { body })).data,
    onSuccess: refresh,
  });
}

/** PUT /api/admin/channels/:id: pause or resume it, or turn instant push on or off. */
export function useUpdateChannel() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: number; paused?: boolean; push?: boolean }) =>
      (await apiCall<Channel>('PUT', `/admin/channels/${id}`, { body })).data,
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/channels/:id: stop syncing it (its videos stay). */
export function useRemoveChannel() {
  return useMutation({
    mutationFn: (id: number) => apiCall<unknown>('DELETE', `/admin/channels/${id}`),
  });
}

/** Refreshes the screen after a removal, once its dialog has closed. */
export const useRefreshChannels = useRefresh;

/**
 * POST /api/admin/channels/:id/sync: Sync now. The call answers once the run has ended; its
 * imports show on the Videos screen too.
 */
export function useSyncChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiCall<SyncRun>('POST', `/admin/channels/${id}/sync`)).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelsKey }),
        queryClient.invalidateQueries({ queryKey: VIDEO_SEARCH_KEY }),
      ]),
  });
}

/** PUT /api/admin/channels/settings: the schedule and how uploads come in. */
export function useSaveSyncSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SyncSettingsBody) =>
      (await apiCall<SyncSettings>('PUT', '/admin/channels/settings', { body })).data,
    onSuccess: (settings) => {
      queryClient.setQueryData(channelsOverviewQuery.queryKey, (overview) =>
        overview ? { ...overview, settings } : overview,
      );
      // The next sync's time follows the interval.
      return queryClient.invalidateQueries({ queryKey: channelsOverviewQuery.queryKey });
    },
  });
}
