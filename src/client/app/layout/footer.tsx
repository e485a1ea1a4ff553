import { Link } from 'react-router';
import { useSiteConfig } from '@client/lib/site-config.js';
import './footer.css';
import { pageLink } from '@shared/page-paths.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';

/**
 * '© {brand}' under 850 px, '© Copyright - {brand}' from 850 px (footer.css): both are in the
 * page and the stylesheet shows one, so the server's page is right at any width before the app
 * runs, and without it.
 */
export function Footer() {
  const { brand, social } = useSiteConfig();
  return (
    <footer className="footer">
      <p className="footer__copyright">
        <span className="footer__copyright--narrow">{`© ${brand}`}</span>
        <span className="footer__copyright--wide">{`© Copyright - ${brand}`}</span>
      </p>
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
