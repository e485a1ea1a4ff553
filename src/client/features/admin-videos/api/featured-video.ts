import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeaturedVideo, FeaturedVideoInput } from '@shared/schemas/admin-videos.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

export const featuredVideoQuery = queryOptions({
  queryKey: ['admin', 'featured-video'],
  queryFn: ({ signal }) => apiGet<FeaturedVideo>('/admin/videos/featured', signal),
});

export const useFeaturedVideo = () => useQuery(featuredVideoQuery);

/** Saves the title and link; any 2xx counts (the spec's client accepts 200 and 201). */
export function useSaveFeaturedVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: FeaturedVideoInput) =>
      (await apiCall<FeaturedVideo>('PUT', '/admin/videos/featured', { body: input })).data,
    onSuccess: (saved) => queryClient.setQueryData(featuredVideoQuery.queryKey, saved),
  });
}
