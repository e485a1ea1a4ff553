import { Link } from 'react-router';
import { useSiteConfig } from '@client/lib/site-config.js';
import { useWindowWidthAs } from '@client/lib/use-window-width.js';
import './footer.css';
import { pageLink } from '@shared/page-paths.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';

/** '© {brand}' under 850 px, '© Copyright - {brand}' from 850 px. */
export const COPYRIGHT_BREAKPOINT = 850;

const isWide = (width: number) => width >= COPYRIGHT_BREAKPOINT;

export function Footer() {
  const { brand, social } = useSiteConfig();
  const wide = useWindowWidthAs(isWide);
  return (
    <footer className="footer">
      <p className="footer__copyright">{wide ? `© Copyright - ${brand}` : `© ${brand}`}</p>
      <nav aria-label="Legal" className="footer__links">
        <Link to={pageLink.about}>About</Link>
        <span aria-hidden="true">|</span>
        <Link to={pageLink.privacy}>Privacy Policy</Link>
      </nav>
      <ul className="footer__social" aria-label="Social networks">
        <li>
          <NewTabLink href={social.facebook}>Facebook</NewTabLink>
        </li>
        <li>
          <NewTabLink href={social.twitter}>X</NewTabLink>
        </li>
        <li>
          <NewTabLink href={social.instagram}>Instagram</NewTabLink>
        </li>
      </ul>
    </footer>
  );
}
