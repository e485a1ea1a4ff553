import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import type { NewsletterOverview } from '@shared/schemas/newsletter.js';
import { AdminPage } from '@client/components/admin/admin-page.js';
import {
  CsvDownloadButton,
  useDownloadError,
} from '@client/components/admin/csv-download-button.js';
import { Button } from '@client/components/ui/button.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { newsletterKey, newsletterOverviewQuery, SUBSCRIBERS_CSV_PATH } from '../api/newsletter.js';
import { ComposePanel } from './compose-panel.js';
import { CurrentMailing } from './current-mailing.js';
import { MailingHistory } from './mailing-history.js';
import { NewsletterSettingsForm } from './newsletter-settings-form.js';
import { SubscribersPanel } from './subscribers-panel.js';
import './newsletter.css';

/** When the mailing being sent ends (sent, or cancelled elsewhere), the history is read again. */
function useHistoryWhenMailingEnds(currentId: number | null) {
  const queryClient = useQueryClient();
  const last = useRef(currentId);
  useEffect(() => {
    if (last.current !== null && last.current !== currentId) {
      void queryClient.invalidateQueries({ queryKey: [...newsletterKey, 'mailings'] });
    }
    last.current = currentId;
  }, [currentId, queryClient]);
}

/**
 * /admin/newsletter: the subscribers and their trend, the mailing going out, a new mailing with
 * its preview, the automatic setting and the past mailings.
 */
export function NewsletterPage() {
  const overview = useQuery(newsletterOverviewQuery);
  const download = useDownloadError('subscribers');

  useEffect(() => {
    if (overview.error) console.error(u.loadFailed, overview.error);
  }, [overview.error]);

  let body;
  if (overview.isPending) body = <LoadingView label={u.loading} />;
  else if (overview.isError)
    body = (
      <div className="newsletter-error">
        <p className="admin-error" role="alert">
          {u.loadFailed}
        </p>
        <Button variant="secondary" onClick={() => void overview.refetch()}>
          {u.tryAgain}
        </Button>
      </div>
    );
  else body = <Overview overview={overview.data} />;

  return (
    <AdminPage
      title={u.title}
      actions={
        <CsvDownloadButton
          path={SUBSCRIBERS_CSV_PATH}
          label={u.exportCsv}
          failedText={u.exportFailed}
          onError={download.onError}
        />
      }
    >
      {download.message && (
        <p className="admin-error" role="alert">
          {download.message}
        </p>
      )}
      {body}
    </AdminPage>
  );
}

function Overview({ overview }: { overview: NewsletterOverview }) {
  useHistoryWhenMailingEnds(overview.current?.id ?? null);
  return (
    <>
      {!overview.mail_configured && (
        <p className="newsletter-notice" role="note">
          {u.noMail}
        </p>
      )}
      <SubscribersPanel overview={overview} />
      {overview.current && <CurrentMailing mailing={overview.current} />}
      <ComposePanel overview={overview} />
      <NewsletterSettingsForm settings={overview.settings} />
      <MailingHistory />
    </>
  );
}
