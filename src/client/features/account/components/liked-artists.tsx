import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import type { Artist } from '@shared/schemas/catalogue.js';
import { ArtistCard } from '@client/components/catalogue/artist-card.js';
import { useLikedArtists, useRemoveLikedArtist } from '../api/liked-content.js';
import { LikedList } from './liked-list.js';
import { RemoveButton } from './remove-button.js';

export function LikedArtists({ userId }: { userId: number }) {
  const artists = useLikedArtists(userId);
  return (
    <LikedList
      kind="artists"
      query={artists}
      items={artists.data?.pages.flatMap((page) => page.artists) ?? []}
      texts={{
        heading: 'Liked Artists',
        loading: 'Loading liked artists…',
        error: t.likedArtistsError,
        empty: t.noLikedArtists,
      }}
      gridClass="artist-grid"
      renderItem={(artist) => <LikedArtist key={artist.id} artist={artist} userId={userId} />}
    />
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
