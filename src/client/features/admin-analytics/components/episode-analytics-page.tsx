import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { adminAnalyticsUiMessages as u } from '@shared/messages/admin-analytics-ui.js';
import { adminLink, pageLink } from '@shared/page-paths.js';
import type { EpisodeFigures } from '@shared/schemas/analytics.js';
import { AdminPage } from '@client/components/admin/admin-page.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { ApiError } from '@client/lib/api-client.js';
import {
  episodeDaysCsvPath,
  episodeFiguresQuery,
  retentionCsvPath,
} from '../api/episode-figures.js';
import {
  rangeFromSearch,
  rangeSearch,
  searchOf,
  type AnalyticsRange,
} from '../api/site-figures.js';
import { formatDay, formatRange } from './analytics-format.js';
import {
  CsvDownloadButton,
  useDownloadError,
} from '@client/components/admin/csv-download-button.js';
import { MetricPanel } from './metric-panel.js';
import { RangePicker } from './range-picker.js';
import { RetentionPanel } from './retention-panel.js';
import './analytics.css';

const SINCE_PUBLISHED: AnalyticsRange = { kind: 'published' };

/** A refused range or a missing episode is said in the server's words; the rest is a fault. */
const said = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 404);

/** /admin/analytics/videos/:id: one episode's days since it was published, and where fans stop. */
export function EpisodeAnalyticsPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const range = rangeFromSearch(search, SINCE_PUBLISHED);
  const rangeKey = rangeSearch(range);
  const figures = useQuery(episodeFiguresQuery(id, range));
  const download = useDownloadError(rangeKey);

  useEffect(() => {
    if (figures.error && !said(figures.error)) console.error(u.episodeLoadFailed, figures.error);
  }, [figures.error]);

  const title = figures.data?.video.title ?? 'Episode analytics';
  const missing = figures.error instanceof ApiError && figures.error.status === 404;

  return (
    <AdminPage
      title={title}
      actions={
        !missing && (
          <>
            <CsvDownloadButton
              failedText={u.downloadFailed}
              path={episodeDaysCsvPath(id, range)}
              label={u.downloadCsv}
              onError={download.onError}
            />
            <CsvDownloadButton
              failedText={u.downloadFailed}
              path={retentionCsvPath(id)}
              label={u.downloadRetentionCsv}
              onError={download.onError}
            />
          </>
        )
      }
    >
      {download.message && (
        <p className="admin-error" role="alert">
          {download.message}
        </p>
      )}
      <p className="episode-heading__links">
        <Link to={adminLink.analytics}>Back to Analytics</Link>
        {!missing && <Link to={adminLink.editVideo(id)}>Edit the video</Link>}
      </p>
      {!missing && (
        <RangePicker
          key={rangeKey}
          range={range}
          shown={figures.data?.range}
          sincePublished
          onChange={(next) => setSearch(searchOf(next), { replace: true })}
        />
      )}
      {figures.isError && (
        <p className="admin-error" role="alert">
          {said(figures.error) && figures.error instanceof Error
            ? figures.error.message
            : u.episodeLoadFailed}
        </p>
      )}
      {figures.data ? (
        <Figures data={figures.data} busy={figures.isPlaceholderData} />
      ) : (
        !figures.isError && <LoadingView label="Loading the episode’s analytics…" />
      )}
    </AdminPage>
  );
}

function Figures({ data, busy }: { data: EpisodeFigures; busy: boolean }) {
  const views = useMemo(() => ({ days: data.days.day, current: data.days.views }), [data]);
  const likes = useMemo(() => ({ days: data.days.day, current: data.days.likes }), [data]);
  const share = data.totals.averageShareWatched;
  return (
    <>
      <div className="episode-heading">
        {data.video.thumbnail && <img src={data.video.thumbnail} alt="" />}
        <p className="admin-summary" aria-live="polite">
          Published {formatDay(data.video.publishedAt.slice(0, 10))}
          {data.video.isPublic ? '' : ' (private)'}. Showing {formatRange(data.range)} (
          {data.range.days} {data.range.days === 1 ? 'day' : 'days'}).{' '}
          {data.video.isPublic && <Link to={pageLink.video(data.video.id)}>Watch it</Link>}
        </p>
      </div>
      <dl className="episode-totals" aria-busy={busy}>
        <Total label="Views" value={data.totals.views.toLocaleString('en-US')} />
        <Total label="Hours watched" value={data.totals.hoursWatched.toLocaleString('en-US')} />
        <Total label="Finishes" value={data.totals.finishes.toLocaleString('en-US')} />
        <Total label="Likes" value={data.totals.likes.toLocaleString('en-US')} />
        <Total
          label="Average watched"
          value={share === null ? u.notMeasured : `${Math.round(share * 100)}%`}
        />
      </dl>
      <div className="analytics-grid" aria-busy={busy}>
        <MetricPanel label="Views" total={data.totals.views} data={views} />
        <MetricPanel label="Likes" total={data.totals.likes} data={likes} />
      </div>
      <RetentionPanel retention={data.retention} />
    </>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className="episode-totals__item">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
