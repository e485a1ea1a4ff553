import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist } from '@shared/schemas/catalogue.js';
import { apiGet } from '@client/lib/api-client.js';

export const featuredArtistsQuery = queryOptions({
  queryKey: ['artists', 'featured'],
  queryFn: ({ signal }) => apiGet<{ artists: Artist[] }>('/featured-artists', signal),
});

/** The artists page's Featured list; only asked for once somebody is signed in. */
export const useFeaturedArtists = (enabled: boolean) =>
  useQuery({ ...featuredArtistsQuery, enabled });
