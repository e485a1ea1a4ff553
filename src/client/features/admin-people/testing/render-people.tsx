import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { ListedPerson } from '@shared/schemas/people.js';
import { setSession, type Session } from '@client/lib/session.js';
import { renderPage } from '@client/testing/render.js';
import { callsTo } from '@client/testing/fetch-calls.js';

export { callsTo, fail, sentBody } from '@client/testing/fetch-calls.js';

type Api = NonNullable<NonNullable<Parameters<typeof renderPage>[1]>['api']>;
type Reply = { status: number; data: unknown; message?: string };

export const ADMIN: Session = { id: 1, firstName: 'Ada', isAdmin: true, token: 'admin-token' };

export function buildPerson(id: number, name: string, overrides: Partial<ListedPerson> = {}) {
  const [first = name, ...rest] = name.split(' ');
  return {
    id,
    name,
    first_name: first,
    last_name: rest.join(' '),
    email: `${first.toLowerCase()}.${id}@example.com`,
    last_login: '2024-03-05T15:00:00.000Z',
    ...overrides,
  } satisfies ListedPerson;
}

/** One page of a list as the API answers it. */
export function listReply(
  kind: 'admins' | 'users',
  people: ListedPerson[],
  { total = people.length, page = 1 }: { total?: number; page?: number } = {},
): Reply {
  return { status: 200, data: { [kind]: people, pageInfo: { total, page, pageSize: 5 } } };
}

/** The URL of the fetch call being answered (the fake API hands answers only the init). */
export function currentUrl(): URL {
  const call = vi.mocked(fetch).mock.lastCall;
  return new URL(String(call?.[0]), 'http://localhost');
}

/** Renders `element` at `path` signed in as the administrator, with the fake `api`. */
export function renderPeople(element: ReactElement, path: string, api: Api = {}) {
  setSession(ADMIN);
  return renderPage(element, {
    path,
    routes: [
      { path: '/admin/newAdmin', element: <p>New admin page</p> },
      { path: '/admin/userDashboard', element: <p>User dashboard page</p> },
    ],
    api,
  });
}

/** The query strings of the GET calls to `path`, in order. */
export function queriesTo(fetchMock: ReturnType<typeof vi.fn>, path: string) {
  return callsTo(fetchMock, 'GET', path).map(
    ([url]) => new URL(String(url), 'http://localhost').searchParams,
  );
}
