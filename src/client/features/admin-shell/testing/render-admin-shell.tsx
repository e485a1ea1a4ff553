import { vi } from 'vitest';
import { setSession, type Session } from '../../../lib/session.js';
import { renderPage } from '../../../testing/render.js';
import { AdminLayout } from '../components/admin-layout.js';
import { AdminLoginPage } from '../components/admin-login-page.js';

type Api = NonNullable<NonNullable<Parameters<typeof renderPage>[1]>['api']>;

export const ADMIN: Session = { id: 1, firstName: 'Dolly', isAdmin: true, token: 'admin-token' };
export const FAN: Session = { id: 5, firstName: 'Ann', isAdmin: false, token: 'fan-token' };

/** Stand-ins for the screens the shell and the login lead to. */
const SCREENS = [
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { path: 'dashboard', element: <p>Dashboard screen</p> },
      { path: 'videos', element: <p>Videos screen</p> },
      { path: 'editVideo/:id', element: <p>Edit video screen</p> },
      { path: 'ownAccount', element: <p>Own account screen</p> },
    ],
  },
  { path: '/', element: <p>Public home</p> },
];

/** Every fake answer carries an authorization header, as login's does. */
function withTokenHeader(fetchMock: ReturnType<typeof vi.fn>) {
  const fakeFetch = fetchMock as unknown as typeof fetch;
  const wrapped = vi.fn(async (input: string, init?: RequestInit) => {
    const response = await fakeFetch(input, init);
    const headers = new Headers(response.headers);
    headers.set('authorization', 'Bearer fresh-token');
    return new Response(response.body, { status: response.status, headers });
  });
  vi.stubGlobal('fetch', wrapped);
  return wrapped;
}

/** /admin, the login, with `session` stored first. */
export function renderLogin(api: Api = {}, session: Session | null = null) {
  if (session) setSession(session);
  const result = renderPage(<AdminLoginPage />, { path: '/admin', routes: SCREENS, api });
  return { ...result, fetch: withTokenHeader(result.fetch) };
}

/** An admin path inside the shell (stand-in screens), with `session` stored first. */
export function renderShell(path: string, api: Api = {}, session: Session | null = ADMIN) {
  if (session) setSession(session);
  const result = renderPage(<p>Admin login screen</p>, {
    path,
    pattern: '/admin',
    routes: SCREENS,
    api,
  });
  return { ...result, fetch: withTokenHeader(result.fetch) };
}

/** The JSON body of the `method` call to `path`: undefined when not made, null without a body. */
export function sentBody(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url) === `/api${path}` && (init as RequestInit)?.method === method,
  );
  if (!call) return undefined;
  const init = call[1] as RequestInit | undefined;
  return init?.body ? (JSON.parse(String(init.body)) as unknown) : null;
}
