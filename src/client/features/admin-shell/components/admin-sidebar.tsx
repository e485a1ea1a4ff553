import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout } from '@client/lib/auth-calls.js';
import { useSiteConfig } from '@client/lib/site-config.js';
import { ThemeToggle } from '@client/components/ui/theme-toggle.js';
import {
  ADMIN_PATH,
  ADMIN_SCREENS,
  adminLink,
  pageLink,
  type AdminScreen,
} from '@shared/page-paths.js';
import { matchPath } from '@shared/path-patterns.js';

interface Section {
  label: string;
  to: string;
  /** Screens that belong to the section, so editors highlight their list. */
  owns: readonly AdminScreen[];
  icon: ReactNode;
}

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

const SECTIONS: readonly Section[] = [
  {
    label: 'Dashboard',
    to: adminLink.dashboard,
    owns: ['dashboard'],
    icon: icon('M3 12h7V3H3zM14 21h7v-9h-7zM14 3h7v5h-7zM3 21h7v-5H3z'),
  },
  {
    label: 'Videos',
    to: adminLink.videos,
    owns: ['videos', 'newVideo', 'editVideo'],
    icon: icon('M3 5h13v14H3zM16 10l5-3v10l-5-3'),
  },
  {
    label: 'Analytics',
    to: adminLink.analytics,
    owns: ['analytics', 'episodeAnalytics'],
    icon: icon('M4 20V4M4 20h16M8 16l4-5 3 3 5-7'),
  },
  {
    label: 'Channels',
    to: adminLink.channels,
    owns: ['channels'],
    // Two arrows in a circle: the channels' uploads come in by sync.
    icon: icon('M20 11a8 8 0 0 0-14.9-4M4 13a8 8 0 0 0 14.9 4M5 3v4h4M19 21v-4h-4'),
  },
  {
    label: 'Newsletter',
    to: adminLink.newsletter,
    owns: ['newsletter'],
    // An envelope.
    icon: icon('M3 6h18v12H3zM3 7l9 6 9-6'),
  },
  {
    label: 'Artists',
    to: adminLink.artistDashboard,
    owns: ['artistDashboard', 'newArtist', 'editArtist'],
    icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21a8 8 0 0 1 16 0'),
  },
  {
    label: 'Users',
    to: adminLink.userDashboard,
    owns: ['userDashboard', 'newAdmin'],
    icon: icon(
      'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM2 21a7 7 0 0 1 14 0M17 3a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3',
    ),
  },
  {
    label: 'Audit log',
    to: adminLink.audit,
    owns: ['audit'],
    icon: icon('M6 3h9l4 4v14H6zM9 12h7M9 16h7M9 8h3'),
  },
];

function owns(section: Section, pathname: string): boolean {
  return section.owns.some(
    (screen) => matchPath(`${ADMIN_PATH}/${ADMIN_SCREENS[screen]}`, pathname) !== null,
  );
}

/**
 * Dashboard, Videos, Artists, Users, Main Site, Log Out and the admin's first name;
 * Analytics, the channels' sync and the audit log besides.
 */
export function AdminSidebar({
  firstName,
  open,
  onToggle,
}: {
  firstName: string;
  open: boolean;
  onToggle: () => void;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { brand } = useSiteConfig();

  const logOut = async () => {
    await logout();
    queryClient.clear();
    await navigate(adminLink.login, { replace: true });
  };

  return (
    <aside className="admin-sidebar" aria-label="Back-office">
      <div className="admin-sidebar__top">
        <button
          type="button"
          className="admin-sidebar__toggle"
          aria-expanded={open}
          aria-controls="admin-sidebar-nav"
          aria-label={open ? 'Collapse the menu' : 'Expand the menu'}
          onClick={onToggle}
        >
          {icon(open ? 'M15 6l-6 6 6 6' : 'M4 6h16M4 12h16M4 18h16')}
        </button>
        {open && <span className="admin-sidebar__brand">{brand} Admin</span>}
      </div>
      <nav id="admin-sidebar-nav" className="admin-sidebar__nav" aria-label="Admin sections">
        <ul>
          {SECTIONS.map((section) => {
            const current = owns(section, pathname);
            return (
              <li key={section.to}>
                <Link
                  to={section.to}
                  className={`menu-row admin-sidebar__link ${current ? 'is-current' : ''}`.trim()}
                  aria-current={current ? 'page' : undefined}
                  title={open ? undefined : section.label}
                >
                  {section.icon}
                  <span className="admin-sidebar__label">{section.label}</span>
                </Link>
              </li>
            );
          })}
          <li>
            <Link
              to={pageLink.home}
              className="menu-row admin-sidebar__link"
              title={open ? undefined : 'Main Site'}
            >
              {icon('M3 11l9-8 9 8M5 10v10h14V10')}
              <span className="admin-sidebar__label">Main Site</span>
            </Link>
          </li>
        </ul>
      </nav>
      <div className="admin-sidebar__bottom">
        <Link
          to={adminLink.ownAccount}
          className={`menu-row admin-sidebar__link ${pathname === adminLink.ownAccount ? 'is-current' : ''}`}
          aria-current={pathname === adminLink.ownAccount ? 'page' : undefined}
          title={open ? undefined : firstName || 'My account'}
        >
          {icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21a8 8 0 0 1 16 0')}
          <span className="admin-sidebar__label">{firstName || 'My account'}</span>
        </Link>
        <ThemeToggle
          className="menu-row admin-sidebar__link"
          labelClassName="admin-sidebar__label"
          icon
          tooltip={!open}
        />
        <button
          type="button"
          className="menu-row admin-sidebar__link"
          onClick={logOut}
          title={open ? undefined : 'Log Out'}
        >
          {icon('M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10')}
          <span className="admin-sidebar__label">Log Out</span>
        </button>
      </div>
    </aside>
  );
}
