import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { NavLink } from 'react-router';
import { useAuthModal } from '@client/lib/auth-modal.js';
import { useSiteConfig } from '@client/lib/site-config.js';
import { SearchBox } from '@client/components/site/search-box.js';
import { UserMenu } from './user-menu.js';
import './top-nav.css';
import { pageLink } from '@shared/page-paths.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';
import { ThemeToggle } from '@client/components/ui/theme-toggle.js';

/** The folded menu's id: the Menu control's target without JavaScript (top-nav.css). */
const MENU_ID = 'site-menu';

const noSubscription = () => () => undefined;

/**
 * Whether the menu was opened by its link before the app ran (the address ends in #site-menu).
 * The server's page and the app's first render say closed; the app then opens it at once, before
 * the page's mark that the app runs takes the link's own way of opening it away (top-nav.css).
 */
function useOpenedByItsLink(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.hash === `#${MENU_ID}`,
    () => false,
  );
}

/**
 * The top navigation. On narrow screens the same items fold into a menu opened by the Menu
 * control, so the responsive menu repeats everything without a second copy to keep in step.
 */
export function TopNav() {
  const { brand, mainSiteUrl } = useSiteConfig();
  const authModal = useAuthModal();
  // The visitor's own choice once the app runs; till then, what the address says.
  const [choice, setChoice] = useState<boolean | null>(null);
  const openedByItsLink = useOpenedByItsLink();
  const menuOpen = choice ?? openedByItsLink;
  // The auth modal covers the page: a menu left open would show again behind it, and after it.
  if (authModal.open && menuOpen) setChoice(false);
  const menuButton = useRef<HTMLAnchorElement>(null);
  const menu = useRef<HTMLElement>(null);
  const close = () => setChoice(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      // The user menu inside closes first (user-menu.tsx marks the Escape it used).
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Focus in the menu would be left on a hidden item: back to the control that opened it.
      if (menu.current?.contains(document.activeElement)) menuButton.current?.focus();
      setChoice(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const modalWasOpen = useRef(false);
  useEffect(() => {
    const closed = modalWasOpen.current && !authModal.open;
    modalWasOpen.current = authModal.open;
    if (!closed) return;
    // The dialog gives focus back to its opener, which may be gone (signed in) or hidden (the
    // menu's Sign In, the menu closed): focus is then nowhere to be seen (on the body, or still
    // in the closed dialog), and the Menu control takes it if it is on screen.
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || focused.getClientRects().length === 0;
      const button = menuButton.current;
      if (lost && button && button.getClientRects().length > 0) button.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [authModal.open]);

  // A link to the menu, so it opens without JavaScript too (top-nav.css); the app toggles it.
  const toggle = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setChoice(!menuOpen);
  };
  return (
    <header className="top-nav">
      <div className="top-nav__bar">
        <NavLink to={pageLink.home} className="top-nav__brand" onClick={close}>
          {brand}
        </NavLink>
        <a
          ref={menuButton}
          href={`#${MENU_ID}`}
          role="button"
          className="top-nav__menu-button btn btn--ghost"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={toggle}
          onKeyDown={(event) => {
            // A link answers Enter only; as a button it answers Space too.
            if (event.key === ' ') toggle(event);
          }}
        >
          Menu
        </a>
        <nav
          ref={menu}
          id={MENU_ID}
          aria-label="Main"
          className={`top-nav__items${menuOpen ? ' top-nav__items--open' : ''}`}
        >
          <NewTabLink href={mainSiteUrl} className="top-nav__link">
            Main Site
          </NewTabLink>
          <NavLink to={pageLink.home} end className="top-nav__link" onClick={close}>
            Home
          </NavLink>
          <NavLink to={pageLink.artists} className="top-nav__link" onClick={close}>
            Artists
          </NavLink>
          <SearchBox onSearched={close} />
          <ThemeToggle className="btn btn--ghost top-nav__theme" />
          <UserMenu onNavigate={close} />
        </nav>
      </div>
    </header>
  );
}
