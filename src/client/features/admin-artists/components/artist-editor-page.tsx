import { Link, useLocation, useParams } from 'react-router';
import { adminArtistsUiMessages as ui } from '@shared/messages/admin-artists-ui.js';
import { AdminPage, AdminPanel } from '@client/components/admin/admin-page.js';
import { ErrorView, QueryView } from '@client/components/ui/page-states.js';
import { useArtist } from '../api/admin-artists.js';
import { useLogError } from '../lib/use-log-error.js';
import { ArtistForm } from './artist-form.js';
import './artist-editor.css';
import { pageLink } from '@shared/page-paths.js';

/** /admin/newArtist and /admin/editArtist/{id}: one form, empty or filled with the artist. */
export function ArtistEditorPage() {
  const { id } = useParams();
  // Keyed by the location: Discard navigates to /admin/newArtist again, which starts a fresh form.
  const { key } = useLocation();
  if (id === undefined) {
    return (
      <AdminPage title="New Artist">
        <AdminPanel title="Artist Details">
          <ArtistForm key={key} />
        </AdminPanel>
      </AdminPage>
    );
  }
  return <EditArtist key={key} id={id} />;
}

function EditArtist({ id }: { id: string }) {
  const artistId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const artist = useArtist(artistId);
  useLogError(artist.error, ui.artistLoadFailed);
  return (
    <AdminPage
      title="Edit Artist"
      actions={
        artist.isSuccess && (
          <Link className="btn btn--secondary" to={pageLink.artist(artist.data.id)}>
            View on Site
          </Link>
        )
      }
    >
      <AdminPanel title="Artist Details">
        {artistId === 0 ? (
          <ErrorView message={ui.artistLoadFailed} />
        ) : (
          <QueryView query={artist} error={ui.artistLoadFailed}>
            {(data) => <ArtistForm artist={data} />}
          </QueryView>
        )}
      </AdminPanel>
    </AdminPage>
  );
}
