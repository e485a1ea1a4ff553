import { Link } from 'react-router';
import { useSiteConfig } from '@client/lib/site-config.js';
import { useWindowWidthAs } from '@client/lib/use-window-width.js';
import './footer.css';
import { pageLink } from '@shared/page-paths.js';

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
          <a href={social.facebook} target="_blank" rel="noopener noreferrer">
            Facebook<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={social.twitter} target="_blank" rel="noopener noreferrer">
            X<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={social.instagram} target="_blank" rel="noopener noreferrer">
            Instagram<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </footer>
  );
}
