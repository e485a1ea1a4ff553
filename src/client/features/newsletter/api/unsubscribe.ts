import { queryOptions, useMutation } from '@tanstack/react-query';
import type { UnsubscribeState } from '@shared/schemas/newsletter.js';
import { apiCall } from '@client/lib/api-client.js';

/** Whose the link is and whether they are subscribed: read first, changing nothing. */
export const unsubscribeStateQuery = (token: string) =>
  queryOptions({
    queryKey: ['newsletter', 'unsubscribe', token],
    queryFn: async ({ signal }) =>
      await apiCall<UnsubscribeState>(
        'GET',
        `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
        { signal },
      ),
    retry: false,
    staleTime: Infinity,
  });

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiCall<UnsubscribeState>('POST', '/newsletter/unsubscribe', { body: { token } }),
  });
}
