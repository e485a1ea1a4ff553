import { useEffect } from 'react';
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
  return (
    <div className="admin-grid">
      <AdminPanel title="Popular Videos">
        <PopularVideos videos={data.episodes} />
      </AdminPanel>
      <AdminPanel title="Popular Artists">
        <PopularArtists artists={data.artists} />
      </AdminPanel>
    </div>
  );
}

function PopularVideos({ videos }: { videos: Video[] }) {
  if (videos.length === 0) return <p className="admin-empty">No videos yet.</p>;
  return (
    <ol className="admin-list dashboard-rank">
      {videos.map((video, index) => (
        <li key={video.id}>
          <span className="dashboard-rank__number">{index + 1}</span>
          <img className="admin-thumb" src={video.thumbnail} alt="" loading="lazy" />
          <Link className="admin-grow dashboard-rank__title" to={adminLink.editVideo(video.id)}>
            {video.title}
          </Link>
          <span className="dashboard-rank__likes">{likes(video.like_count)}</span>
        </li>
      ))}
    </ol>
  );
}

function PopularArtists({ artists }: { artists: Artist[] }) {
  if (artists.length === 0) return <p className="admin-empty">No artists yet.</p>;
  return (
    <ol className="admin-list dashboard-rank">
      {artists.map((artist, index) => (
        <li key={artist.id}>
          <span className="dashboard-rank__number">{index + 1}</span>
          <ArtistImage className="dashboard-rank__portrait" src={artist.image} alt="" size={48} />
          <Link className="admin-grow dashboard-rank__title" to={adminLink.editArtist(artist.id)}>
            {artist.name}
          </Link>
          <span className="dashboard-rank__likes">{likes(artist.like_count)}</span>
        </li>
      ))}
    </ol>
  );
}
