import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Artist } from '@shared/schemas/catalogue.js';
import { apiGet, pathPart } from '@client/lib/api-client.js';

/** The spec's two search types: a name phrase ('Full') or a letter of the A-Z bar ('FirstLetter'). */
export type ArtistSearch = { type: 'Full'; text: string } | { type: 'FirstLetter'; letter: string };

function searchPath(search: ArtistSearch): string {
  return search.type === 'Full'
    ? `/artists/phrase/${pathPart(search.text)}`
    : `/artists/letter/${pathPart(search.letter)}`;
}

export const artistSearchQuery = (search: ArtistSearch) =>
  queryOptions({
    queryKey: ['artists', 'search', search],
    queryFn: ({ signal }) => apiGet<{ artists: Artist[] }>(searchPath(search), signal),
  });

/** The Full Catalog results; nothing is asked for before the first search. */
export function useArtistSearch(search: ArtistSearch | null) {
  return useQuery({
    ...artistSearchQuery(search ?? { type: 'Full', text: '' }),
    enabled: search !== null,
  });
}
