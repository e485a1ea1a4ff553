import { publicSiteMessages as t } from '../../shared/messages/public-site.js';

export function NotFoundPage() {
  return <h1>{t.notFound}</h1>;
}
