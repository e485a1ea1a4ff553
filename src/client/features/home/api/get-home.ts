import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { apiGet } from '@client/lib/api-client.js';

/** GET /api/home: the featured video and the layout's rows. apiGet sends the token when signed in. */
export function getHome(signal?: AbortSignal): Promise<HomeData> {
  return apiGet<HomeData>('/home', signal);
}

export const homeQuery = queryOptions({
  queryKey: ['home'],
  queryFn: ({ signal }) => getHome(signal),
});

export const useHome = () => useQuery(homeQuery);
