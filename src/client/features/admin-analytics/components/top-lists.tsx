import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { adminAnalyticsUiMessages as u } from '@shared/messages/admin-analytics-ui.js';
import { adminLink } from '@shared/page-paths.js';
import type { TopLists as TopListsData } from '@shared/schemas/analytics.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { ApiError } from '@client/lib/api-client.js';
import { topListsQuery } from '../api/top-lists.js';
import type { AnalyticsRange } from '../api/site-figures.js';
import { formatFigure } from './analytics-format.js';
import { Sparkline } from '@client/components/admin/sparkline.js';

interface Ranked {
  id: number;
  name: string;
  link?: string;
  views: number;
  hoursWatched: number;
  dailyViews: readonly number[];
}

/** Top episodes, artists and categories of the range, each row with its days as a sparkline. */
export function TopLists({ range }: { range: AnalyticsRange }) {
  const top = useQuery(topListsQuery(range));

  // A refused range (400) is the page's to say, once; anything else is a fault worth logging.
  const refused = top.error instanceof ApiError && top.error.status === 400;
  useEffect(() => {
    if (top.error && !refused) console.error(u.topLoadFailed, top.error);
  }, [top.error, refused]);

  if (refused) return null;
  if (top.isError && !top.data) {
    return (
      <p className="admin-error" role="alert">
        {u.topLoadFailed}
      </p>
    );
  }
  if (!top.data) return <LoadingView label="Loading the top lists…" />;
  return <Lists data={top.data} busy={top.isPlaceholderData} />;
}

function Lists({ data, busy }: { data: TopListsData; busy: boolean }) {
  return (
    <div className="analytics-grid analytics-top" aria-busy={busy}>
      <RankedPanel
        title="Top episodes"
        items={data.episodes.map((item) => ({
          ...item,
          name: item.title,
          link: adminLink.episodeAnalytics(item.id),
        }))}
      />
      <RankedPanel
        title="Top artists"
        items={data.artists.map((item) => ({ ...item, link: adminLink.editArtist(item.id) }))}
      />
      <RankedPanel title="Top categories" items={data.categories} />
    </div>
  );
}

function RankedPanel({ title, items }: { title: string; items: readonly Ranked[] }) {
  return (
    <AdminPanel title={title}>
      {items.length === 0 ? (
        <p className="admin-empty">{u.nothingWatched}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table top-table">
            <caption className="visually-hidden">{title}, most viewed first</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col" className="top-table__number">
                  Views
                </th>
                <th scope="col" className="top-table__number">
                  Hours
                </th>
                <th scope="col" className="top-table__trend">
                  <span className="visually-hidden">Views per day</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={item.id}>
                  <td>{index + 1}</td>
                  <th scope="row" className="top-table__name">
                    {item.link ? <Link to={item.link}>{item.name}</Link> : item.name}
                  </th>
                  <td className="top-table__number">{formatFigure(item.views)}</td>
                  <td className="top-table__number">{formatFigure(item.hoursWatched)}</td>
                  <td className="top-table__trend">
                    <Sparkline values={item.dailyViews} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPanel>
  );
}
