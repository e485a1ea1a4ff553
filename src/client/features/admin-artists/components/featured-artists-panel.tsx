import { useRef } from 'react';
import { Link } from 'react-router';
import { adminArtistsUiMessages as ui } from '@shared/messages/admin-artists-ui.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import type { Artist } from '@shared/schemas/catalogue.js';
import { ArtistImage } from '@client/components/catalogue/artist-image.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useBalancedColumns } from '@client/lib/use-balanced-columns.js';
import { useFeaturedArtists } from '../api/admin-artists.js';
import { useLogError } from '../lib/use-log-error.js';
import { adminLink } from '@shared/page-paths.js';

/** Featured artists as portraits, each opening the artist's editor. */
export function FeaturedArtistsPanel() {
  const featured = useFeaturedArtists();
  useLogError(featured.error, ui.featuredLoadFailed);
  return (
    <AdminPanel title="Featured Artists">
      <QueryView
        query={featured}
        error={() => (
          <p className="admin-error" role="alert">
            {ui.featuredLoadFailed}
          </p>
        )}
      >
        {({ artists }) =>
          artists.length === 0 ? (
            <p className="admin-empty">{ui.noFeaturedArtists}</p>
          ) : (
            <ArtistPortraits artists={artists} />
          )
        }
      </QueryView>
    </AdminPanel>
  );
}

/** The smallest a portrait's column gets (artist-dashboard.css's auto-fill says the same). */
const PORTRAIT_MIN_REM = 7.5;

/** The portraits in even rows: 8 artists make two rows of 4 rather than 7 and a lone one. */
function ArtistPortraits({ artists }: { artists: readonly Artist[] }) {
  const list = useRef<HTMLUListElement>(null);
  const style = useBalancedColumns(list, artists.length, PORTRAIT_MIN_REM);
  return (
    <ul ref={list} className="artist-portraits" style={style}>
      {artists.map((artist) => (
        <li key={artist.id}>
          <Link className="artist-portrait" to={adminLink.editArtist(artist.id)}>
            <ArtistImage className="artist-portrait__image" src={artist.image} alt="" size={112} />
            <span className="artist-portrait__name">{artist.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
