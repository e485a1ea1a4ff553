import type { Artist } from '@shared/schemas/catalogue.js';
import { DeleteButton, EditLink } from '@client/components/admin/row-actions.js';
import { ArtistImage } from '@client/components/catalogue/artist-image.js';
import { adminLink } from '@shared/page-paths.js';

/** Name, Current Image, Likes and Actions (edit link, delete button) per artist. */
export function ArtistsTable({
  artists,
  busy,
  onDelete,
}: {
  artists: Artist[];
  busy: boolean;
  onDelete: (artist: Artist) => void;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table artists-table" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Current Image</th>
            <th scope="col">Likes</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {artists.map((artist) => (
            <tr key={artist.id}>
              <th scope="row" className="artists-table__name">
                {artist.name}
                {artist.featured === 1 && <span className="artists-table__featured">Featured</span>}
              </th>
              <td>
                <ArtistImage
                  className="artists-table__image"
                  src={artist.image}
                  alt={`Image of ${artist.name}`}
                  size={48}
                />
              </td>
              <td className="artists-table__likes">{artist.like_count}</td>
              <td>
                <div className="artists-table__actions">
                  <EditLink to={adminLink.editArtist(artist.id)} name={artist.name} />
                  <DeleteButton name={artist.name} onClick={() => onDelete(artist)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
