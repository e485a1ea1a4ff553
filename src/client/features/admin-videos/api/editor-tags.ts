import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@shared/schemas/catalogue.js';
import { apiGet } from '@client/lib/api-client.js';

/** GET /api/tags?q=: existing tags whose names contain `q`, for the autocomplete and for reuse. */
export const tagSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin-editor', 'tags', q.trim().toLocaleLowerCase()],
    queryFn: async ({ signal }) =>
      (await apiGet<{ tags: Tag[] }>(`/tags?q=${encodeURIComponent(q.trim())}`, signal)).tags,
    staleTime: 30_000,
  });

export const useTagSuggestions = (q: string) =>
  useQuery({ ...tagSuggestionsQuery(q), enabled: q.trim() !== '' });
