import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publicSiteMessages } from '../../../../shared/messages/public-site.js';
import type { Artist, Video } from '../../../../shared/schemas/catalogue.js';
import { apiCall, apiGet } from '../../../lib/api-client.js';

export const likedArtistsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['account', userId, 'liked-artists'],
    queryFn: ({ signal }) =>
      apiGet<{ artists: Artist[] }>(`/users/${userId}/liked-artists`, signal),
  });

export const likedVideosQuery = (userId: number) =>
  queryOptions({
    queryKey: ['account', userId, 'liked-videos'],
    queryFn: ({ signal }) => apiGet<{ videos: Video[] }>(`/users/${userId}/liked-videos`, signal),
  });

export const useLikedArtists = (userId: number) => useQuery(likedArtistsQuery(userId));
export const useLikedVideos = (userId: number) => useQuery(likedVideosQuery(userId));

// Spec section 4: a failed unlike is only logged, and the item stays in the list.
const logFailure = () => console.error(publicSiteMessages.likeFailed);

/** Unlikes an artist; the list drops it only once the server has agreed. */
export function useRemoveLikedArtist(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (artistId: number) =>
      apiCall('PUT', '/users/liked/remove-artist', { body: { userId, artistId } }),
    onSuccess: (_result, artistId) =>
      queryClient.setQueryData(likedArtistsQuery(userId).queryKey, (list) =>
        list ? { ...list, artists: list.artists.filter((artist) => artist.id !== artistId) } : list,
      ),
    onError: logFailure,
  });
}

/** Unlikes a video (the API calls it an episode); dropped from the list on success only. */
export function useRemoveLikedVideo(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (episodeId: number) =>
      apiCall('PUT', '/users/liked/remove-video', { body: { userId, episodeId } }),
    onSuccess: (_result, episodeId) =>
      queryClient.setQueryData(likedVideosQuery(userId).queryKey, (list) =>
        list ? { ...list, videos: list.videos.filter((video) => video.id !== episodeId) } : list,
      ),
    onError: logFailure,
  });
}
