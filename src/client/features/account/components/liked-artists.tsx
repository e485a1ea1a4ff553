import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import type { Artist } from '@shared/schemas/catalogue.js';
import { ArtistCard } from '@client/components/catalogue/artist-card.js';
import { LoadMore } from '@client/components/ui/load-more.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useLikedArtists, useRemoveLikedArtist } from '../api/liked-content.js';
import { RemoveButton } from './remove-button.js';

export function LikedArtists({ userId }: { userId: number }) {
  const artists = useLikedArtists(userId);
  const loaded = artists.data?.pages.flatMap((page) => page.artists) ?? [];
  return (
    <section className="account-liked" aria-labelledby="liked-artists-heading">
      <h3 id="liked-artists-heading">Liked Artists</h3>
      <QueryView
        query={artists}
        loading={{ label: 'Loading liked artists…' }}
        error={t.likedArtistsError}
      >
        {() =>
          loaded.length === 0 ? (
            <p className="account-liked__empty">{t.noLikedArtists}</p>
          ) : (
            <ul className="artist-grid">
              {loaded.map((artist) => (
                <LikedArtist key={artist.id} artist={artist} userId={userId} />
              ))}
            </ul>
          )
        }
      </QueryView>
      <LoadMore query={artists} errorMessage={t.likedArtistsError} block="account-liked" />
    </section>
  );
}

function LikedArtist({ artist, userId }: { artist: Artist; userId: number }) {
  const remove = useRemoveLikedArtist(userId);
  return (
    <li className="account-liked__item">
      <ArtistCard artist={artist} />
      <RemoveButton
        name={artist.name}
        pending={remove.isPending}
        onClick={() => remove.mutate(artist.id)}
      />
    </li>
  );
}
