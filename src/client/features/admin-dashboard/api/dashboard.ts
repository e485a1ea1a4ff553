import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminDashboard, ChannelImportResult } from '@shared/schemas/admin-videos.js';
import type { autotagData } from '@shared/schemas/tags.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

export type AutotagResult = z.infer<typeof autotagData>;

export const dashboardQuery = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: ({ signal }) => apiGet<AdminDashboard>('/admin/dashboard', signal),
});

export const useDashboard = () => useQuery(dashboardQuery);

/** Quick action Import Videos: no link, so the server imports the channel's uploads. */
export function useImportChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiCall<ChannelImportResult>('GET', '/admin/videos/import')).data,
    // New videos can show up in any admin list (and on the public pages).
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Quick action Update Tags: the spec's call sends an empty body. */
export function useAutotag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiCall<AutotagResult>('PUT', '/tags/autotag', { body: {} })).data,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
