import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionListingView } from '@shared/schemas/second-factor.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

export const sessionsQuery = queryOptions({
  queryKey: ['sessions'],
  queryFn: ({ signal }) => apiGet<SessionListingView[]>('/sessions', signal),
});

export const useSessions = () => useQuery(sessionsQuery);

function useSessionsChange<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export const useEndSession = () =>
  useSessionsChange((id: number) => apiCall('DELETE', `/sessions/${id}`));

export const useEndOtherSessions = () =>
  useSessionsChange(() => apiCall('DELETE', '/sessions/others'));
