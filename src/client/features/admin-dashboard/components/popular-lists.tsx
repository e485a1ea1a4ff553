import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import type { AdminDashboard } from '@shared/schemas/admin-videos.js';
import type { Artist, Video } from '@shared/schemas/catalogue.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { ArtistImage } from '@client/components/catalogue/artist-image.js';
import { ErrorView, QueryView } from '@client/components/ui/page-states.js';
import { plural } from '@client/lib/format.js';
import { useDashboard } from '../api/dashboard.js';
import { adminLink } from '@shared/page-paths.js';
import { adminAnalyticsUiMessages as a } from '@shared/messages/admin-analytics-ui.js';
import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import { ChartIcon } from '@client/components/admin/icons.js';
import { Sparkline } from '@client/components/admin/sparkline.js';

const likes = (count: number) => plural(count, 'like', 'likes');

/** Popular Videos and Popular Artists, side by side on wide screens. */
export function PopularLists() {
  const dashboard = useDashboard();

  // The failure is logged as 'Error Loading Page'; the brief adds a visible error.
  useEffect(() => {
    if (dashboard.isError) console.error(t.dashboardLoadFailed);
  }, [dashboard.isError]);

  return (
    <QueryView
      query={dashboard}
      error={() => (
        <div className="dashboard-error">
          <ErrorView message={t.dashboardLoadFailed} />
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void dashboard.refetch()}
          >
            Try Again
          </button>
        </div>
      )}
    >
      {(data) => <Lists data={data} />}
    </QueryView>
  );
}

function Lists({ data }: { data: AdminDashboard }) {
  const toAnalytics = (
    <Link className="dashboard-rank__more" to={`${adminLink.analytics}?days=30`}>
      {a.openAnalytics}
    </Link>
  );
  return (
    <div className="admin-grid">
      <AdminPanel title="Popular Videos" actions={toAnalytics}>
        <PopularVideos videos={data.episodes} />
      </AdminPanel>
      <AdminPanel title="Popular Artists" actions={toAnalytics}>
        <PopularArtists artists={data.artists} />
      </AdminPanel>
    </div>
  );
}

type Ranked<T> = T & { views_30d: number; daily_views_30d: number[]; like_count: number };

function PopularVideos({ videos }: { videos: Ranked<Video>[] }) {
  if (videos.length === 0) return <p className="admin-empty">No videos yet.</p>;
  return (
    <>
      <p className="dashboard-rank__note">{a.popularNote}</p>
      <ol className="admin-list dashboard-rank">
        {videos.map((video, index) => (
          <li key={video.id}>
            <span className="dashboard-rank__number">{index + 1}</span>
            <img className="admin-thumb" src={video.thumbnail} alt="" loading="lazy" />
            <Link className="admin-grow dashboard-rank__title" to={adminLink.editVideo(video.id)}>
              {video.title}
            </Link>
            <Figures item={video}>
              <Link
                className="dashboard-rank__analytics"
                to={adminLink.episodeAnalytics(video.id)}
                aria-label={a.analyticsOf(video.title)}
                title={a.analyticsOf(video.title)}
              >
                <ChartIcon />
              </Link>
            </Figures>
          </li>
        ))}
      </ol>
    </>
  );
}

function PopularArtists({ artists }: { artists: Ranked<Artist>[] }) {
  if (artists.length === 0) return <p className="admin-empty">No artists yet.</p>;
  return (
    <>
      <p className="dashboard-rank__note">{a.popularNote}</p>
      <ol className="admin-list dashboard-rank">
        {artists.map((artist, index) => (
          <li key={artist.id}>
            <span className="dashboard-rank__number">{index + 1}</span>
            <ArtistImage className="dashboard-rank__portrait" src={artist.image} alt="" size={48} />
            <Link className="admin-grow dashboard-rank__title" to={adminLink.editArtist(artist.id)}>
              {artist.name}
            </Link>
            <Figures item={artist} />
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The last 30 days' views as a line and a number, the likes of all time below them, and what
 * else the row offers; all of it goes under the title when the row is narrow.
 */
function Figures({ item, children }: { item: Ranked<object>; children?: ReactNode }) {
  return (
    <span className="dashboard-rank__figures">
      <span className="dashboard-rank__trend">
        <Sparkline values={item.daily_views_30d} />
      </span>
      <span className="dashboard-rank__counts">
        <span className="dashboard-rank__views">
          {w.views(item.views_30d)}
          <span className="visually-hidden"> {a.last30Days}</span>
        </span>{' '}
        <span className="dashboard-rank__likes">{likes(item.like_count)}</span>
      </span>
      {children}
    </span>
  );
}
