import { adminAnalyticsUiMessages as u } from '@shared/messages/admin-analytics-ui.js';
import type { EpisodeFigures } from '@shared/schemas/analytics.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { plural } from '@client/lib/format.js';
import { formatFigure } from './analytics-format.js';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Where fans stop watching: a table whose bars are the chart, so the figures a screen reader
 * reads are the ones drawn.
 */
export function RetentionPanel({ retention }: { retention: EpisodeFigures['retention'] }) {
  return (
    <AdminPanel title="Where fans stop watching" className="retention-panel">
      {retention.viewers === 0 ? (
        <p className="admin-empty">{u.noRetention}</p>
      ) : (
        <>
          <p className="admin-summary">
            {plural(retention.viewers, 'signed-in fan has', 'signed-in fans have')} a saved
            position.
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table retention-table">
              <caption className="visually-hidden">
                Share of fans who got at least this far into the episode
              </caption>
              <thead>
                <tr>
                  <th scope="col">Got to</th>
                  <th scope="col" className="top-table__number">
                    Fans
                  </th>
                  <th scope="col">Share</th>
                </tr>
              </thead>
              <tbody>
                {retention.buckets.map((bucket) => (
                  <tr key={bucket.from}>
                    <th scope="row">{bucket.from}%</th>
                    <td className="top-table__number">{formatFigure(bucket.reached)}</td>
                    <td>
                      <span className="retention-table__bar">
                        <span
                          className="retention-table__fill"
                          style={{ width: percent(bucket.share) }}
                        />
                      </span>{' '}
                      {percent(bucket.share)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p className="analytics-note">{u.retentionNote}</p>
    </AdminPanel>
  );
}
