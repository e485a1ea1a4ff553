import { useId, useState } from 'react';
import { adminAnalyticsUiMessages as u } from '@shared/messages/admin-analytics-ui.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { Button } from '@client/components/ui/button.js';
import { changeOf } from '../api/site-metrics.js';
import { formatDay, formatFigure } from './analytics-format.js';
import { LineChart, type ChartData } from './line-chart.js';

/** '+12% on the period before', or what stands in when there is nothing to compare. */
function changeText(now: number | null, before: number | null): string {
  const change = changeOf(now, before);
  if (change === null) return `period before: ${formatFigure(before)}`;
  if (change === 0) return u.noChange;
  return `${change > 0 ? '+' : '−'}${Math.abs(change)}% on the period before (${formatFigure(before)})`;
}

/** One figure: its total against the period before, and its days as a chart or a table. */
export function MetricPanel({
  label,
  total,
  previousTotal,
  totalNote,
  data,
}: {
  label: string;
  total: number | null;
  /** Absent when the figure stands alone (an episode's days). */
  previousTotal?: number | null;
  totalNote?: string;
  data: ChartData;
}) {
  const [asTable, setAsTable] = useState(false);
  const viewId = useId();
  const change = changeOf(total, previousTotal ?? null);
  const trend = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';

  return (
    <AdminPanel
      title={label}
      className="metric-panel"
      actions={
        <Button
          variant="ghost"
          className="metric-panel__toggle"
          aria-controls={viewId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? u.showChart : u.showTable}
        </Button>
      }
    >
      <p className="metric-panel__total">
        <span className="metric-panel__figure">{formatFigure(total)}</span>
        {totalNote && <span className="metric-panel__note"> {totalNote}</span>}
        {previousTotal !== undefined && (
          <span className={`metric-panel__change metric-panel__change--${trend}`}>
            {changeText(total, previousTotal)}
          </span>
        )}
      </p>
      <div id={viewId}>
        {asTable ? (
          <DaysTable label={label} data={data} />
        ) : (
          <LineChart label={label} data={data} />
        )}
      </div>
    </AdminPanel>
  );
}

function DaysTable({ label, data }: { label: string; data: ChartData }) {
  return (
    // A long range scrolls inside the panel; the region takes focus so keys can scroll it.
    <div
      className="metric-panel__table admin-table-wrap"
      tabIndex={0}
      role="region"
      aria-label={`${label} per day`}
    >
      <table className="admin-table">
        <caption className="visually-hidden">
          {label} per day{data.previous ? ', with the period before' : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{u.thisPeriod}</th>
            {data.previous && <th scope="col">{u.periodBefore}</th>}
          </tr>
        </thead>
        <tbody>
          {data.days.map((day, index) => (
            <tr key={day}>
              <th scope="row">{formatDay(day)}</th>
              <td>{formatFigure(data.current[index] ?? null)}</td>
              {data.previous && <td>{formatFigure(data.previous[index] ?? null)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
