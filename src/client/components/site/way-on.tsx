import { Link } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { SearchBox } from './search-box.js';
import { pageLink } from '@shared/page-paths.js';

/**
 * What a page that is not there (an unknown address, a missing video or category) offers instead:
 * the site's search and the home page. Kept out of search engines.
 */
export function WayOn() {
  return (
    <>
      <meta name="robots" content="noindex" />
      <SearchBox label={t.notFoundSearch} />
      <Link className="btn btn--primary" to={pageLink.home}>
        {t.notFoundHome}
      </Link>
    </>
  );
}
