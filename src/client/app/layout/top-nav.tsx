import { useState } from 'react';
import { NavLink } from 'react-router';
import { useSiteConfig } from '@client/lib/site-config.js';
import { SearchBox } from '@client/components/site/search-box.js';
import { UserMenu } from './user-menu.js';
import './top-nav.css';
import { pageLink } from '@shared/page-paths.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';
import { ThemeToggle } from '@client/components/ui/theme-toggle.js';

/**
 * The top navigation. On narrow screens the same items fold into a menu opened by the Menu
 * button, so the responsive menu repeats everything without a second copy to keep in step.
 */
export function TopNav() {
  const { brand, mainSiteUrl } = useSiteConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="top-nav">
      <div className="top-nav__bar">
        <NavLink to={pageLink.home} className="top-nav__brand" onClick={close}>
          {brand}
        </NavLink>
        <button
          type="button"
          className="top-nav__menu-button btn btn--ghost"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((value) => !value)}
        >
          Menu
        </button>
        <nav
          id="site-menu"
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
