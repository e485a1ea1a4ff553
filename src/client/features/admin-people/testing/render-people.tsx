import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { ListedPerson } from '../../../../shared/schemas/people.js';
import { setSession, type Session } from '../../../lib/session.js';
import { renderPage } from '../../../testing/render.js';

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

/** Every call to `path` with `method`. */
export function callsTo(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([url, init]) => {
    const address = new URL(String(url), 'http://localhost');
    return (
      address.pathname === `/api${path}` && ((init as RequestInit)?.method ?? 'GET') === method
    );
  });
}

/** The query strings of the GET calls to `path`, in order. */
export function queriesTo(fetchMock: ReturnType<typeof vi.fn>, path: string) {
  return callsTo(fetchMock, 'GET', path).map(
    ([url]) => new URL(String(url), 'http://localhost').searchParams,
  );
}

/** The JSON body of the last `method` call to `path`. */
export function sentBody(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  const init = callsTo(fetchMock, method, path).at(-1)?.[1] as RequestInit | undefined;
  return init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
}

export const fail = (status: number, message: string) => (): Reply => ({
  status,
  data: null,
  message,
});
