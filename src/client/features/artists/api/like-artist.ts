import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeState } from '@shared/schemas/likes.js';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { apiCall } from '@client/lib/api-client.js';
import { artistQueryKey, type ArtistDetail } from './get-artist.js';

export interface ArtistLikeInput {
  userId: number;
  artistId: number;
  /** true to like, false to unlike. */
  like: boolean;
}

export async function likeArtist({ userId, artistId, like }: ArtistLikeInput): Promise<LikeState> {
  const path = like ? '/users/liked/add-artist' : '/users/liked/remove-artist';
  return (await apiCall<LikeState>('PUT', path, { body: { userId, artistId } })).data;
}

/**
 * Like or unlike an artist. The page's state follows the server's answer only:
 * nothing changes before it arrives, and a failure is logged and changes nothing.
 */
export function useLikeArtist(routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likeArtist,
    onSuccess: async (state) => {
      queryClient.setQueryData<ArtistDetail>(
        artistQueryKey(routeId),
        (detail) =>
          detail && {
            ...detail,
            artist: { ...detail.artist, isLiked: state.isLiked, like_count: state.like_count },
          },
      );
      // Liked lists elsewhere (the account page) hold this artist too.
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => console.error(t.likeFailed, error),
  });
}
