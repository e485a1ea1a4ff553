import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@shared/schemas/catalogue.js';
import type { LayoutBody } from '@shared/schemas/tags.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

export const layoutQuery = queryOptions({
  queryKey: ['admin', 'layout'],
  queryFn: ({ signal }) => apiGet<{ tags: Tag[] }>('/tags/featured', signal),
});

export const useLayout = () => useQuery(layoutQuery);

/** Saves the whole order at once (the server replaces the layout atomically). */
export function useSaveLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tags: Tag[]) => {
      const body: LayoutBody = { id: tags.map((tag) => tag.id) };
      return (await apiCall<{ tags: Tag[] }>('PUT', '/tags/featured', { body })).data;
    },
    onSuccess: (saved) => queryClient.setQueryData(layoutQuery.queryKey, saved),
  });
}

/** The autocomplete's suggestions: the server matches names and caps the list. */
export const tagSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'tags', q],
    queryFn: ({ signal }) => apiGet<{ tags: Tag[] }>(`/tags?q=${encodeURIComponent(q)}`, signal),
    staleTime: 60_000,
  });
