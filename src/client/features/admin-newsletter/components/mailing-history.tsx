import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import type { MailingSummary } from '@shared/schemas/newsletter.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { Pager } from '@client/components/admin/pager.js';
import { Button } from '@client/components/ui/button.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { mailingsQuery } from '../api/newsletter.js';
import { MailingDetailView } from './mailing-detail.js';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const number = (value: number) => value.toLocaleString('en-US');

/** Past mailings, newest first: recipients, sent, failed, the unsubscribes that followed. */
export function MailingHistory() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MailingSummary | null>(null);
  const mailings = useQuery(mailingsQuery(page));

  let body;
  if (mailings.isPending) body = <LoadingView label={u.historyLoading} />;
  else if (mailings.isError)
    body = (
      <p className="admin-error" role="alert">
        {u.historyFailed}
      </p>
    );
  else if (mailings.data.mailings.length === 0)
    body = <p className="admin-empty">{u.noMailings}</p>;
  else {
    const { pageInfo } = mailings.data;
    body = (
      <>
        <div className="admin-table-wrap">
          <table className="admin-table newsletter-history" aria-busy={mailings.isFetching}>
            <thead>
              <tr>
                <th scope="col">{u.columnSubject}</th>
                <th scope="col">{u.columnSent}</th>
                <th scope="col">{u.columnState}</th>
                <th scope="col">{u.columnRecipients}</th>
                <th scope="col">{u.columnDelivered}</th>
                <th scope="col">{u.columnFailed}</th>
                <th scope="col">{u.columnUnsubscribes}</th>
              </tr>
            </thead>
            <tbody>
              {mailings.data.mailings.map((mailing) => (
                <tr key={mailing.id}>
                  <th scope="row">
                    <Button
                      variant="ghost"
                      className="newsletter-history__open"
                      aria-label={u.view(mailing.subject)}
                      onClick={() => setOpen(mailing)}
                    >
                      {mailing.subject}
                    </Button>
                    {mailing.automatic && <span className="admin-badge">{u.automatic}</span>}
                  </th>
                  <td>{dateOf(mailing.created_at)}</td>
                  <td>{u.states[mailing.state]}</td>
                  <td>{number(mailing.counts.recipients)}</td>
                  <td>{number(mailing.counts.sent)}</td>
                  <td>{number(mailing.counts.failed)}</td>
                  <td>{number(mailing.counts.unsubscribes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          label={u.historyPager}
          page={page}
          lastPage={Math.max(1, Math.ceil(pageInfo.total / pageInfo.pageSize))}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <AdminPanel title={u.historyTitle}>
      {body}
      {open && <MailingDetailView summary={open} onClose={() => setOpen(null)} />}
    </AdminPanel>
  );
}
