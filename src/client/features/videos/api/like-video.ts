import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import type { LikeState, VideoLikeBody } from '@shared/schemas/likes.js';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import { apiCall } from '@client/lib/api-client.js';

interface LikeVideoInput {
  userId: number;
  episodeId: number;
  /** true to like, false to unlike. */
  like: boolean;
}

/** PUT /api/users/liked/add-video or /remove-video; answers the new state and like count. */
export async function likeVideo({ userId, episodeId, like }: LikeVideoInput): Promise<LikeState> {
  const body: VideoLikeBody = { userId, episodeId };
  const path = like ? '/users/liked/add-video' : '/users/liked/remove-video';
  return (await apiCall<LikeState>('PUT', path, { body })).data;
}

/**
 * Likes or unlikes a video. The state changes only when the server says so (no
 * optimistic update); a failure is only logged and the button keeps its state.
 */
export function useLikeVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likeVideo,
    onSuccess: (state, { episodeId }) => {
      // Other cached pages may list this like (an account's liked videos, the home rows): they
      // refetch when next shown. The video's own page takes the answer as it is.
      void queryClient.invalidateQueries({
        predicate: (query) => !['videos', 'site-config'].includes(String(query.queryKey[0])),
        refetchType: 'none',
      });
      queryClient.setQueriesData<VideoPageData>({ queryKey: ['videos'] }, (page) =>
        page && page.video.id === episodeId
          ? {
              ...page,
              video: { ...page.video, isLiked: state.isLiked, like_count: state.like_count },
            }
          : page,
      );
    },
    onError: (error) => {
      console.error(t.likeFailed, error);
    },
  });
}
