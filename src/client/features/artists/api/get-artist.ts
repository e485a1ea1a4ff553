import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist, Video } from '@shared/schemas/catalogue.js';
import { apiGet, pathPart } from '@client/lib/api-client.js';

export interface ArtistDetail {
  artist: Artist;
  videos: Video[];
  /** The artist's own tag: its Related Videos in full on /categories/{tagid}. */
  tagid: number;
}

export const artistQueryKey = (id: string) => ['artists', 'detail', id] as const;

export const artistQuery = (id: string) =>
  queryOptions({
    queryKey: artistQueryKey(id),
    queryFn: ({ signal }) => apiGet<ArtistDetail>(`/artists/${pathPart(id)}`, signal),
  });

export const useArtist = (id: string, enabled: boolean) =>
  useQuery({ ...artistQuery(id), enabled });
