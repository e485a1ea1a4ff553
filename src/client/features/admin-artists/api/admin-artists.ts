import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminArtistsData, artistDetailData } from '@shared/schemas/artists.js';
import type { Artist } from '@shared/schemas/catalogue.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

export type AdminArtistsPage = z.infer<typeof adminArtistsData>;
type ArtistDetail = z.infer<typeof artistDetailData>;

/** Rows per page of the All Artists table. */
export const ARTISTS_PAGE_SIZE = 25;

/** What the form sends: the spec's fields, with featured as 1 or 0. */
export interface ArtistPayload {
  name: string;
  description: string;
  img_path: string;
  featured: 1 | 0;
}

const artistsKey = ['admin', 'artists'] as const;

export const artistListQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...artistsKey, 'list', { q, page }],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        page: String(page),
        pageSize: String(ARTISTS_PAGE_SIZE),
      });
      if (q) params.set('q', q);
      return apiGet<AdminArtistsPage>(`/admin/artists?${params.toString()}`, signal);
    },
  });

export const featuredArtistsQuery = queryOptions({
  queryKey: [...artistsKey, 'featured'],
  queryFn: ({ signal }) => apiGet<{ artists: Artist[] }>('/featured-artists', signal),
});

export const artistQuery = (id: number) =>
  queryOptions({
    queryKey: [...artistsKey, 'detail', id],
    queryFn: async ({ signal }) => (await apiGet<ArtistDetail>(`/artists/${id}`, signal)).artist,
  });

// The table keeps the last page on screen while the next one loads, so it does not flicker.
export const useArtistList = (q: string, page: number) =>
  useQuery({ ...artistListQuery(q, page), placeholderData: keepPreviousData });

export const useFeaturedArtists = () => useQuery(featuredArtistsQuery);

/** `id` 0 (not a valid id) asks nothing. */
export const useArtist = (id: number) => useQuery({ ...artistQuery(id), enabled: id > 0 });

/** After any write, every artist list and the dashboard's Popular Artists are out of date. */
function useInvalidateArtists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

export function useCreateArtist() {
  const invalidate = useInvalidateArtists();
  return useMutation({
    mutationFn: async (body: ArtistPayload) =>
      (await apiCall<Artist>('POST', '/admin/artists', { body })).data,
    onSuccess: invalidate,
  });
}

export function useUpdateArtist() {
  const invalidate = useInvalidateArtists();
  return useMutation({
    mutationFn: async (body: ArtistPayload & { id: number }) =>
      (await apiCall<Artist>('PUT', '/admin/artists', { body })).data,
    onSuccess: invalidate,
  });
}

export async function deleteArtist(id: number): Promise<void> {
  // The spec sends the id as a string.
  await apiCall<null>('DELETE', '/admin/artists', { body: { id: String(id) } });
}
