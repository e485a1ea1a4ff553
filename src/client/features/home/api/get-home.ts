import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '../../../../shared/schemas/catalogue.js';
import { apiGet } from '../../../lib/api-client.js';

export interface HomeData {
  featured_video: Video | null;
  categories: { id: number; title: string; videos: Video[] }[];
}

export const homeQuery = queryOptions({
  queryKey: ['home'],
  queryFn: ({ signal }) => apiGet<HomeData>('/home', signal),
});

export const useHome = () => useQuery(homeQuery);
