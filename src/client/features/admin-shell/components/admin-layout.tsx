import { useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useSecondFactor } from '@client/lib/second-factor-status.js';
import { useSession } from '@client/lib/session.js';
import { AdminSidebar } from './admin-sidebar.js';
import './admin-shell.css';
import { adminLink } from '@shared/page-paths.js';

/**
 * Every admin screen but the login: anyone who is not a signed-in administrator goes to /admin.
 * The server refuses their calls anyway; this keeps them off empty screens.
 * A session that ends elsewhere (a 401 clears it) sends the admin back to the login too.
 */
/** Phones, where admin-shell.css stacks the sidebar above the content (its 48rem breakpoint). */
const PHONE = '(max-width: 48rem)';

export function AdminLayout() {
  const session = useSession();
  // On a phone an open sidebar would fill the first screen: it starts collapsed there.
  const [open, setOpen] = useState(() => !(window.matchMedia?.(PHONE).matches ?? false));
  const { pathname } = useLocation();
  // An administrator held to enrol a second factor (the server refuses them everything else)
  // is kept on My Account, where the setup is.
  const secondFactor = useSecondFactor(Boolean(session?.isAdmin));
  if (!session?.isAdmin) return <Navigate to={adminLink.login} replace />;
  if (secondFactor.data?.held && pathname !== adminLink.ownAccount) {
    return <Navigate to={adminLink.ownAccount} replace />;
  }
  return (
    <div className={`admin-shell ${open ? '' : 'admin-shell--collapsed'}`.trim()}>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <AdminSidebar
        firstName={session.firstName}
        open={open}
        onToggle={() => setOpen((value) => !value)}
      />
      <main id="admin-main" className="admin-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
