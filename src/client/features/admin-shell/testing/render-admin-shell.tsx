import { answerWithToken } from '@client/testing/fetch-calls.js';
import { setSession, type Session } from '@client/lib/session.js';
import { renderPage } from '@client/testing/render.js';
import { AdminLayout } from '../components/admin-layout.js';
import { AdminLoginPage } from '../components/admin-login-page.js';

export { sentBody } from '@client/testing/fetch-calls.js';

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

/** /admin, the login, with `session` stored first. */
export function renderLogin(api: Api = {}, session: Session | null = null) {
  if (session) setSession(session);
  const result = renderPage(<AdminLoginPage />, { path: '/admin', routes: SCREENS, api });
  return { ...result, fetch: answerWithToken(result.fetch, 'fresh-token') };
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
  return { ...result, fetch: answerWithToken(result.fetch, 'fresh-token') };
}
