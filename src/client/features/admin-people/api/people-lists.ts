import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListedPerson, pageInfoSchema } from '@shared/schemas/people.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';

/** The admin user lists show 5 people a page. */
export const PEOPLE_PAGE_SIZE = 5;

/** The last-login filter is all, 30, 60 or 90 days. */
export const LAST_LOGIN_FILTERS = ['all', '30', '60', '90'] as const;
export type LastLoginFilter = (typeof LAST_LOGIN_FILTERS)[number];

export type PeopleKind = 'admins' | 'users';

export interface PeopleFilters {
  /** Name search, matched case-insensitively by substring on the server. */
  q: string;
  days: LastLoginFilter;
}

export type PageInfo = z.infer<typeof pageInfoSchema>;

export interface PeoplePage {
  people: ListedPerson[];
  pageInfo: PageInfo;
}

const PATHS: Record<PeopleKind, string> = { admins: '/admin/users', users: '/users' };

function listPath(kind: PeopleKind, filters: PeopleFilters, page: number): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  params.set('days', filters.days);
  params.set('page', String(page));
  params.set('pageSize', String(PEOPLE_PAGE_SIZE));
  return `${PATHS[kind]}?${params.toString()}`;
}

/** Every cached page of both lists, so a deletion can refresh them all at once. */
export const PEOPLE_LISTS_KEY = ['admin-people', 'lists'] as const;

/**
 * One page of administrators or fans. The server filters and pages, so the dashboard stays fast
 * with tens of thousands of users; the previous page stays on screen while the next one loads.
 */
export const peopleQuery = (kind: PeopleKind, filters: PeopleFilters, page: number) =>
  queryOptions({
    queryKey: [...PEOPLE_LISTS_KEY, kind, filters.q.trim(), filters.days, page],
    queryFn: async ({ signal }): Promise<PeoplePage> => {
      const path = listPath(kind, filters, page);
      if (kind === 'admins') {
        const { admins, pageInfo } = await apiGet<{ admins: ListedPerson[]; pageInfo: PageInfo }>(
          path,
          signal,
        );
        return { people: admins, pageInfo };
      }
      const { users, pageInfo } = await apiGet<{ users: ListedPerson[]; pageInfo: PageInfo }>(
        path,
        signal,
      );
      return { people: users, pageInfo };
    },
    placeholderData: keepPreviousData,
  });

/** DELETE /api/users {id}: the server refuses to delete the last administrator (409). */
export async function deleteUser(id: number): Promise<void> {
  await apiCall<null>('DELETE', '/users', { body: { id } });
}
