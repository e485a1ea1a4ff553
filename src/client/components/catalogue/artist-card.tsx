import { PageLink } from '@client/components/ui/page-link.js';
import type { Artist } from '@shared/schemas/catalogue.js';
import { ArtistImage } from './artist-image.js';
import './catalogue.css';
import { pageLink } from '@shared/page-paths.js';

/** An artist in any list: portrait and name, linking to the artist page. */
export function ArtistCard({ artist }: { artist: Pick<Artist, 'id' | 'name' | 'image'> }) {
  return (
    <PageLink to={pageLink.artist(artist.id)} className="artist-card">
      <ArtistImage className="artist-card__image" src={artist.image} alt="" size={128} />
      <span className="artist-card__name">{artist.name}</span>
    </PageLink>
  );
}

/** Artists as a grid of cards (the artists page, its search, the site search). */
export function ArtistGrid({ artists }: { artists: readonly Artist[] }) {
  return (
    <ul className="artist-grid">
      {artists.map((artist) => (
        <li key={artist.id}>
          <ArtistCard artist={artist} />
        </li>
      ))}
    </ul>
  );
}
