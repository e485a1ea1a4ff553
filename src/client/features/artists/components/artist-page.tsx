import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { ArtistImage } from '@client/components/catalogue/artist-image.js';
import { ShareModal } from '@client/components/catalogue/share-modal.js';
import { VideoGrid } from '@client/components/catalogue/video-card.js';
import { Button } from '@client/components/ui/button.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useRequireSignIn } from '@client/lib/auth-modal.js';
import { useArtist, type ArtistDetail } from '../api/get-artist.js';
import { ArtistLikeButton } from './artist-like-button.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import { SignInPrompt } from './sign-in-prompt.js';
import './artists.css';
import { pageLink } from '@shared/page-paths.js';

/** /artists/{id} (login required): portrait, name, biography, Like, Share, Related Videos. */
export function ArtistPage() {
  const { id = '' } = useParams();
  const signedIn = useRequireSignIn();
  const query = useArtist(id, signedIn);

  if (!signedIn) {
    return (
      <>
        <PageTitle page="Artist" />
        <SignInPrompt heading="Artist">{t.artistSignUpPrompt}</SignInPrompt>
      </>
    );
  }
  return (
    <>
      <PageTitle page={query.isSuccess ? query.data.artist.name : 'Artist'} />
      <QueryView query={query} loading={{ fill: true }} error={t.artistLoadError}>
        {(data) => <ArtistDetails {...data} routeId={id} />}
      </QueryView>
    </>
  );
}

function ArtistDetails({ artist, videos, tagid, routeId }: ArtistDetail & { routeId: string }) {
  const [sharing, setSharing] = useState(false);
  return (
    <article className="artist-page">
      <header className="artist-page__header">
        <ArtistImage
          className="artist-page__image"
          round={false}
          src={artist.image}
          alt={artist.name}
          size={240}
          eager
        />
        <div className="artist-page__intro">
          <h1>{artist.name}</h1>
          <p className="artist-page__bio">{artist.description}</p>
          <div className="artist-page__actions">
            <ArtistLikeButton
              routeId={routeId}
              artistId={artist.id}
              liked={artist.isLiked ?? false}
            />
            <Button variant="secondary" onClick={() => setSharing(true)}>
              Share
            </Button>
          </div>
        </div>
      </header>
      <section aria-labelledby="related-videos" className="artist-page__related">
        <div className="artist-page__related-head">
          <h2 id="related-videos">Related Videos</h2>
          <Link to={pageLink.category(tagid)}>View All</Link>
        </div>
        {videos.length === 0 ? (
          <p>No videos of {artist.name} yet.</p>
        ) : (
          <VideoGrid videos={videos} />
        )}
      </section>
      <ShareModal
        open={sharing}
        onClose={() => setSharing(false)}
        title={artist.name}
        path={pageLink.artist(artist.id)}
      />
    </article>
  );
}
