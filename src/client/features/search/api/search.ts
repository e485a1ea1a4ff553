import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchData } from '../../../../shared/schemas/public-catalogue.js';
import { apiGet, pathPart } from '../../../lib/api-client.js';

export const searchQuery = (term: string) =>
  queryOptions({
    queryKey: ['search', term],
    queryFn: ({ signal }) => apiGet<SearchData>(`/search/${pathPart(term)}`, signal),
  });

export const useSearch = (term: string) => useQuery(searchQuery(term));
