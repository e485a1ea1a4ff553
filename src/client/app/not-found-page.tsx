import { Link } from 'react-router';
import { publicSiteMessages as t } from '../../shared/messages/public-site.js';
import { PageTitle } from '../components/ui/page-title.js';
import { SearchBox } from './layout/search-box.js';

/** An unknown address: says so, keeps it out of search engines, and offers a way on. */
export function NotFoundPage() {
  return (
    <div className="not-found">
      <PageTitle page={t.notFoundTitle} />
      <meta name="robots" content="noindex" />
      <h1>{t.notFound}</h1>
      <p>{t.notFoundHint}</p>
      <SearchBox label={t.notFoundSearch} />
      <Link className="btn btn--primary" to="/">
        {t.notFoundHome}
      </Link>
    </div>
  );
}
