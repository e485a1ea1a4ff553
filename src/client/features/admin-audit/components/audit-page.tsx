import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminAuditUiMessages as u } from '@shared/messages/admin-audit-ui.js';
import { AdminPage, AdminPanel } from '@client/components/admin/admin-page.js';
import { Pager } from '@client/components/admin/pager.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { plural } from '@client/lib/format.js';
import {
  AUDIT_PAGE_SIZE,
  auditQuery,
  NO_AUDIT_FILTERS,
  type AuditFilters,
} from '../api/audit-log.js';
import { AuditEntryRow } from './audit-entry-row.js';
import { AuditFiltersForm } from './audit-filters.js';
import './audit.css';

const filterKey = (filters: AuditFilters) =>
  [filters.actor.trim(), filters.action, filters.target.trim()].join('\n');

/** /admin/audit: every change an administrator made, newest first, filterable and paged. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  // New filters start again on page 1, without an extra request for the old page.
  const key = filterKey(filters);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const log = useQuery(auditQuery(filters, page));
  const filtered = key !== filterKey(NO_AUDIT_FILTERS);

  useEffect(() => {
    if (log.error) console.error(u.loadFailed, log.error);
  }, [log.error]);

  const renderBody = () => {
    if (log.isError && !log.data) {
      return (
        <p className="admin-error" role="alert">
          {u.loadFailed}
        </p>
      );
    }
    // An empty page kept on screen would say "nothing matches" before the new filters are asked.
    if (!log.data || (log.isPlaceholderData && log.data.entries.length === 0)) {
      return <LoadingView label="Loading the audit log…" />;
    }
    const { entries, pageInfo } = log.data;
    const lastPage = Math.max(1, Math.ceil(pageInfo.total / AUDIT_PAGE_SIZE));
    return (
      <>
        <p className="admin-summary" aria-live="polite">
          {plural(pageInfo.total, 'action', 'actions')}
          {lastPage > 1 && `, page ${pageInfo.page} of ${lastPage}`}
        </p>
        {log.isError && (
          <p className="admin-error" role="alert">
            {u.loadFailed}
          </p>
        )}
        {entries.length === 0 ? (
          <p className="admin-empty">{filtered ? u.noneMatch : u.noneYet}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table audit-table" aria-busy={log.isPlaceholderData}>
              <caption className="visually-hidden">Administrator actions, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Item</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <AuditEntryRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          label="Audit log pages"
          page={page}
          lastPage={lastPage}
          onPage={(next) => setPaging({ key, page: next })}
        />
      </>
    );
  };

  return (
    <AdminPage title={u.title}>
      <AuditFiltersForm filters={filters} onChange={setFilters} />
      <AdminPanel title="Administrator actions" className="audit-log">
        {renderBody()}
      </AdminPanel>
    </AdminPage>
  );
}
