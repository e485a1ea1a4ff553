import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { logout } from '@client/lib/auth-calls.js';
import { openAuthModal } from '@client/lib/auth-modal.js';
import { useSession } from '@client/lib/session.js';
import { pageLink } from '@shared/page-paths.js';

/** Sign In, or the first name ('Account' without one) opening Account and Sign Out. */
export function UserMenu({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event instanceof MouseEvent && ref.current?.contains(event.target as Node)) return;
      // This Escape closes this menu only, not the narrow screen's menu around it (top-nav.tsx).
      if (event instanceof KeyboardEvent) event.preventDefault();
      setOpen(false);
    };
    document.addEventListener('mousedown', close);
    // Capturing: before the top bar's own Escape handler.
    document.addEventListener('keydown', close, true);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close, true);
    };
  }, [open]);

  if (!session) {
    return (
      <button type="button" className="btn btn--primary" onClick={() => openAuthModal('signIn')}>
        Sign In
      </button>
    );
  }

  const signOut = async () => {
    setOpen(false);
    onNavigate?.();
    await logout();
    queryClient.clear();
  };

  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="btn btn--secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {session.firstName || 'Account'}
      </button>
      {open && (
        <ul className="user-menu__list" role="menu">
          <li role="none">
            <Link
              role="menuitem"
              className="menu-row"
              to={pageLink.account}
              onClick={() => {
                setOpen(false);
                onNavigate?.();
              }}
            >
              Account
            </Link>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="menu-row"
              onClick={() => void signOut()}
            >
              Sign Out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
