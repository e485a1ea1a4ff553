import { ArtistCard } from '@client/components/catalogue/artist-card.js';
import type { Artist } from '@shared/schemas/catalogue.js';

export function ArtistGrid({ artists }: { artists: Artist[] }) {
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
