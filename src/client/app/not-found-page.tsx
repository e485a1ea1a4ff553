import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { PageTitle } from '../components/ui/page-title.js';
import { WayOn } from '../components/site/way-on.js';

/** An unknown address: says so, keeps it out of search engines, and offers a way on. */
export function NotFoundPage() {
  return (
    <div className="not-found">
      <PageTitle page={t.notFoundTitle} />
      <h1>{t.notFound}</h1>
      <p>{t.notFoundHint}</p>
      <WayOn />
    </div>
  );
}
