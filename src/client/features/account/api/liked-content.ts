import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { publicSiteMessages } from '@shared/messages/public-site.js';
import type { Artist, Video } from '@shared/schemas/catalogue.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

/**
 * The shared LIKED_PAGE_SIZE (60), restated so the account page does not load the likes module's
 * zod schemas for one number; a test keeps the two equal.
 */
export const LIKED_PAGE_SIZE = 60;

interface PageInfo {
  total: number;
  page: number;
  pageSize: number;
}
type LikedArtistsPage = { artists: Artist[]; pageInfo: PageInfo };
type LikedVideosPage = { videos: Video[]; pageInfo: PageInfo };

/** Another page exists while the pages so far hold fewer than the list. */
const nextPage = (last: { pageInfo: PageInfo }, pages: unknown[]) =>
  pages.length * LIKED_PAGE_SIZE < last.pageInfo.total ? pages.length + 1 : undefined;

export const likedArtistsQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: ['account', userId, 'liked-artists'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<LikedArtistsPage>(
        `/users/${userId}/liked-artists?page=${pageParam}&pageSize=${LIKED_PAGE_SIZE}`,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const likedVideosQuery = (userId: number) =>
  infiniteQueryOptions({
    queryKey: ['account', userId, 'liked-videos'],
    queryFn: ({ pageParam, signal }) =>
      apiGet<LikedVideosPage>(
        `/users/${userId}/liked-videos?page=${pageParam}&pageSize=${LIKED_PAGE_SIZE}`,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const useLikedArtists = (userId: number) => useInfiniteQuery(likedArtistsQuery(userId));
export const useLikedVideos = (userId: number) => useInfiniteQuery(likedVideosQuery(userId));

// A failed unlike is only logged, and the item stays in the list.
const logFailure = () => console.error(publicSiteMessages.likeFailed);

/**
 * The pages without one item, and one fewer in the total: shown at once. The pages after it now
 * start one item later on the server, so the loaded pages are fetched again after it.
 */
function without<T extends { pageInfo: PageInfo }>(
  data: InfiniteData<T, unknown> | undefined,
  drop: (page: T) => T,
): InfiniteData<T, unknown> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const kept = drop(page);
      return { ...kept, pageInfo: { ...kept.pageInfo, total: kept.pageInfo.total - 1 } };
    }),
  };
}

/** Unlikes an artist; the list drops it only once the server has agreed. */
export function useRemoveLikedArtist(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (artistId: number) =>
      apiCall('PUT', '/users/liked/remove-artist', { body: { userId, artistId } }),
    onSuccess: async (_result, artistId) => {
      const { queryKey } = likedArtistsQuery(userId);
      queryClient.setQueryData(queryKey, (data) =>
        without(data, (page) => ({
          ...page,
          artists: page.artists.filter((artist) => artist.id !== artistId),
        })),
      );
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: logFailure,
  });
}

/** Unlikes a video (the API calls it an episode); dropped from the list on success only. */
export function useRemoveLikedVideo(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (episodeId: number) =>
      apiCall('PUT', '/users/liked/remove-video', { body: { userId, episodeId } }),
    onSuccess: async (_result, episodeId) => {
      const { queryKey } = likedVideosQuery(userId);
      queryClient.setQueryData(queryKey, (data) =>
        without(data, (page) => ({
          ...page,
          videos: page.videos.filter((video) => video.id !== episodeId),
        })),
      );
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: logFailure,
  });
}
