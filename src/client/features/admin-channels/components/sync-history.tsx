import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import type { SyncRun } from '@shared/schemas/channels.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { Pager } from '@client/components/admin/pager.js';
import { Button } from '@client/components/ui/button.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { plural } from '@client/lib/format.js';
import { SYNC_RUNS_PAGE_SIZE, syncRunsQuery } from '../api/channels.js';
import {
  channelName,
  formatCount,
  formatDuration,
  formatFull,
  formatWhen,
  STATUS_WORDS,
  TRIGGER_WORDS,
} from '../utils/channel-words.js';

/** While a run is going, the history looks again this often. */
const RUNNING_POLL_MS = 5000;

/** The syncs of every channel, newest first, paged as the audit log is. */
export function SyncHistory() {
  const [page, setPage] = useState(1);
  const runs = useQuery({
    ...syncRunsQuery(page),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'running') ? RUNNING_POLL_MS : false,
  });

  useEffect(() => {
    if (runs.error) console.error(u.historyLoadFailed, runs.error);
  }, [runs.error]);

  const renderBody = () => {
    if (runs.isError && !runs.data) {
      return (
        <div className="channels-error">
          <p className="admin-error" role="alert">
            {u.historyLoadFailed}
          </p>
          <Button variant="secondary" onClick={() => void runs.refetch()}>
            {u.tryAgain}
          </Button>
        </div>
      );
    }
    if (!runs.data) return <LoadingView label="Loading the sync history…" />;
    const { pageInfo } = runs.data;
    const lastPage = Math.max(1, Math.ceil(pageInfo.total / SYNC_RUNS_PAGE_SIZE));
    return (
      <>
        <p className="admin-summary">
          {plural(pageInfo.total, 'sync', 'syncs')}
          {lastPage > 1 && `, page ${pageInfo.page} of ${lastPage}`}
        </p>
        {runs.data.runs.length === 0 ? (
          <p className="admin-empty">{u.noRuns}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table runs-table" aria-busy={runs.isPlaceholderData}>
              <caption className="visually-hidden">Channel syncs, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Channel</th>
                  <th scope="col">Trigger</th>
                  <th scope="col">Started</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Found</th>
                  <th scope="col">Imported</th>
                  <th scope="col">Skipped</th>
                  <th scope="col">Errors</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.runs.map((run) => (
                  <RunRow key={run.id} run={run} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager label="Sync history pages" page={page} lastPage={lastPage} onPage={setPage} />
      </>
    );
  };

  return (
    <AdminPanel title={u.historyTitle} className="channels-history">
      {renderBody()}
    </AdminPanel>
  );
}

/** What a cell is, in the cards a narrow panel shows instead of columns (screen readers have the
 * column headings). */
function CardLabel({ text }: { text: string }) {
  return (
    <span className="channels-label" aria-hidden="true">
      {text}:{' '}
    </span>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <>
      <CardLabel text={label} />
      {formatCount(value)}
    </>
  );
}

function RunRow({ run }: { run: SyncRun }) {
  const running = run.status === 'running';
  return (
    <tr className={`runs-row runs-row--${run.status}`}>
      <th scope="row" className="runs-table__channel">
        {channelName(run.channel_title, run.channel_id)}
      </th>
      <td className="runs-table__trigger">
        <CardLabel text="Trigger" />
        {TRIGGER_WORDS[run.trigger]}
      </td>
      <td className="runs-table__started">
        <CardLabel text="Started" />
        <time dateTime={run.started_at} title={formatFull(run.started_at)}>
          {formatWhen(run.started_at)}
        </time>
      </td>
      <td className="runs-table__duration">
        <CardLabel text="Duration" />
        {run.duration_ms === null ? (
          <span className="channels-muted">—</span>
        ) : (
          formatDuration(run.duration_ms)
        )}
      </td>
      <td className="runs-table__count">
        <Count label="Found" value={run.found} />
      </td>
      <td className="runs-table__count">
        <Count label="Imported" value={run.imported} />
      </td>
      <td className="runs-table__count">
        <Count label="Skipped" value={run.skipped} />
      </td>
      <td className="runs-table__count">
        <Count label="Errors" value={run.errors} />
      </td>
      <td className="runs-table__status">
        <span className={`runs-status runs-status--${run.status}`}>
          {running && <span className="runs-status__dot" aria-hidden="true" />}
          {STATUS_WORDS[run.status]}
        </span>
        {run.error && <span className="runs-status__error">{run.error}</span>}
      </td>
    </tr>
  );
}
