import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@client/lib/api-client.js';
import { featuredVideoQuery } from './featured-video.js';
import { videoSearchKey } from './video-search.js';

/** Deletes a video from the catalogue (it stays on YouTube); the spec sends the id as a string. */
export function useDeleteVideo() {
  return useMutation({
    mutationFn: (id: number) =>
      apiCall<null>('DELETE', '/admin/videos', { body: { id: String(id) } }),
  });
}

/** After a deletion: the search pages, and the featured video in case it pointed at it. */
export function useRefreshAfterDelete() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: videoSearchKey }),
      queryClient.invalidateQueries({ queryKey: featuredVideoQuery.queryKey }),
    ]);
}
