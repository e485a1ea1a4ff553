import { useQuery } from '@tanstack/react-query';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import type { MailingSummary } from '@shared/schemas/newsletter.js';
import { Modal } from '@client/components/ui/modal.js';
import { Button } from '@client/components/ui/button.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { mailingQuery } from '../api/newsletter.js';

/** One past mailing: its counts, its text as sent and who it failed for. */
export function MailingDetailView({
  summary,
  onClose,
}: {
  summary: MailingSummary;
  onClose: () => void;
}) {
  const detail = useQuery(mailingQuery(summary.id));
  return (
    <Modal open title={u.detailTitle(summary.subject)} onClose={onClose}>
      {detail.isPending ? (
        <LoadingView label={u.detailLoading} />
      ) : detail.isError ? (
        <p className="admin-error" role="alert">
          {u.detailFailed}
        </p>
      ) : (
        <div className="newsletter-detail">
          <dl className="newsletter-detail__counts">
            <dt>{u.columnRecipients}</dt>
            <dd>{detail.data.counts.recipients.toLocaleString('en-US')}</dd>
            <dt>{u.columnDelivered}</dt>
            <dd>{detail.data.counts.sent.toLocaleString('en-US')}</dd>
            <dt>{u.columnFailed}</dt>
            <dd>{detail.data.counts.failed.toLocaleString('en-US')}</dd>
            <dt>{u.columnUnsubscribes}</dt>
            <dd>{detail.data.counts.unsubscribes.toLocaleString('en-US')}</dd>
          </dl>
          <h3>{u.asSent}</h3>
          <pre className="newsletter-detail__text">{detail.data.text}</pre>
          {detail.data.failures.length > 0 && (
            <>
              <h3>{u.failuresTitle}</h3>
              <ul className="newsletter-detail__failures">
                {detail.data.failures.map((failure) => (
                  <li key={failure.email}>
                    {failure.email}: {failure.error}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <Button variant="secondary" onClick={onClose}>
        {u.close}
      </Button>
    </Modal>
  );
}
