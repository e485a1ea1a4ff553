import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { adminAnalyticsUiMessages as u } from '@shared/messages/admin-analytics-ui.js';
import type { SiteFigures } from '@shared/schemas/analytics.js';
import { AdminPage } from '@client/components/admin/admin-page.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { ApiError } from '@client/lib/api-client.js';
import {
  DEFAULT_RANGE,
  rangeFromSearch,
  rangeSearch,
  searchOf,
  siteCsvPath,
  siteFiguresQuery,
} from '../api/site-figures.js';
import { SITE_METRICS } from '../api/site-metrics.js';
import { topCsvPath } from '../api/top-lists.js';
import { formatRange } from './analytics-format.js';
import {
  CsvDownloadButton,
  useDownloadError,
} from '@client/components/admin/csv-download-button.js';
import { MetricPanel } from './metric-panel.js';
import { RangePicker } from './range-picker.js';
import { TopLists } from './top-lists.js';
import './analytics.css';

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status === 400 ? error.message : u.loadFailed;

/** /admin/analytics: the whole site per day over a range, against the period before. */
export function AnalyticsPage() {
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search, DEFAULT_RANGE);
  const figures = useQuery(siteFiguresQuery(range));
  const rangeKey = rangeSearch(range);
  const download = useDownloadError(rangeKey);

  useEffect(() => {
    // A refused range is the administrator's to mend, not a fault to log.
    const refused = figures.error instanceof ApiError && figures.error.status === 400;
    if (figures.error && !refused) console.error(u.loadFailed, figures.error);
  }, [figures.error]);

  return (
    <AdminPage
      title={u.title}
      actions={
        <>
          <CsvDownloadButton
            failedText={u.downloadFailed}
            path={siteCsvPath(range)}
            label={u.downloadCsv}
            onError={download.onError}
          />
          <CsvDownloadButton
            failedText={u.downloadFailed}
            path={topCsvPath(range)}
            label={u.downloadTopCsv}
            onError={download.onError}
          />
        </>
      }
    >
      {download.message && (
        <p className="admin-error" role="alert">
          {download.message}
        </p>
      )}
      <RangePicker
        // The address can change under it (the sidebar's link): it starts again from the address.
        key={rangeKey}
        range={range}
        shown={figures.data?.range}
        onChange={(next) => setSearch(searchOf(next), { replace: true })}
      />
      {figures.isError && (
        <p className="admin-error" role="alert">
          {errorText(figures.error)}
        </p>
      )}
      {figures.data ? (
        <Figures data={figures.data} busy={figures.isPlaceholderData || figures.isFetching} />
      ) : (
        !figures.isError && <LoadingView label="Loading the analytics…" />
      )}
      {/* A refused range is said once, above: the lists wait for figures to show. */}
      {figures.data && <TopLists range={range} />}
    </AdminPage>
  );
}

function Figures({ data, busy }: { data: SiteFigures; busy: boolean }) {
  const charts = useMemo(
    () =>
      SITE_METRICS.map((metric) => ({
        metric,
        data: {
          days: data.days.map((day) => day.day),
          current: data.days.map(metric.ofDay),
          previous: data.previousDays.map(metric.ofDay),
        },
      })),
    [data],
  );
  return (
    <>
      <p className="admin-summary" aria-live="polite">
        {formatRange(data.range)} ({data.range.days} {data.range.days === 1 ? 'day' : 'days'}),
        compared with {formatRange(data.previous)}. Days are UTC days.
      </p>
      <div className="analytics-grid" aria-busy={busy}>
        {charts.map(({ metric, data: chart }) => (
          <MetricPanel
            key={metric.key}
            label={metric.label}
            total={metric.total(data.totals)}
            previousTotal={metric.total(data.previousTotals)}
            totalNote={metric.totalNote}
            data={chart}
          />
        ))}
      </div>
      <p className="analytics-note">{u.viewersNote}</p>
    </>
  );
}
