import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useRequireSignIn } from '@client/lib/auth-modal.js';
import { useFeaturedArtists } from '../api/get-featured-artists.js';
import { ArtistGrid } from '@client/components/catalogue/artist-card.js';
import { ArtistSearchPanel } from './artist-search.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import { SignInPrompt } from './sign-in-prompt.js';
import './artists.css';

/** /artists (login required): the Featured list, then the Full Catalog search. */
export function ArtistsPage() {
  const signedIn = useRequireSignIn();
  const featured = useFeaturedArtists(signedIn);

  if (!signedIn) {
    return (
      <>
        <PageTitle page="Artists" />
        <SignInPrompt heading="Artists">{t.mustBeLoggedIn}</SignInPrompt>
      </>
    );
  }

  return (
    <div className="artists-page">
      <PageTitle page="Artists" />
      <h1>Artists</h1>
      <QueryView query={featured} loading={{ fill: true }} error={t.artistsPageError}>
        {({ artists }) => (
          <>
            <section aria-labelledby="featured-artists">
              <h2 id="featured-artists">Featured</h2>
              <ArtistGrid artists={artists} />
            </section>
            <ArtistSearchPanel />
          </>
        )}
      </QueryView>
    </div>
  );
}
