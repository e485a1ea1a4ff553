import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { ErrorView } from '@client/components/ui/page-states.js';
import { isMissing } from '@client/lib/api-client.js';
import { WayOn } from './way-on.js';

/**
 * A page's error text; when what it shows is not there (a 404: an unknown or private video or
 * category), headed like the not-found page, so a screen reader's heading list still names the page,
 * with the way on that the not-found page offers.
 */
export function PageError({ error, message }: { error: unknown; message: string }) {
  if (!isMissing(error)) return <ErrorView message={message} />;
  return (
    <div className="not-found">
      <h1>{t.notFoundTitle}</h1>
      <ErrorView message={message} />
      <WayOn />
    </div>
  );
}
