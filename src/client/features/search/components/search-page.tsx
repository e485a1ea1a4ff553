import { Link, useParams, useSearchParams } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { ArtistGrid } from '@client/components/catalogue/artist-card.js';
import { VideoGrid } from '@client/components/catalogue/video-card.js';
import { LoadMore } from '@client/components/ui/load-more.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { plural } from '@client/lib/format.js';
import { useSearch } from '../api/search.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import { listPageOf, pageLink } from '@shared/page-paths.js';
import './search-page.css';

/**
 * /search/{query}: the site search's artists and videos for the term in the address, the videos
 * 40 at a time with Load more, as on the category page. ?page=N starts the videos at its page:
 * Load more links there, so the results page without JavaScript too.
 */
export function SearchPage() {
  // React Router hands the path segment over already decoded.
  const { query: term = '' } = useParams();
  const [query] = useSearchParams();
  const firstPage = listPageOf(query);
  const results = useSearch(term, firstPage);

  return (
    <div className="search-page">
      <PageTitle page={`Search results for "${term}"`} />
      <h1>Search results for &quot;{term}&quot;</h1>
      <QueryView
        query={results}
        loading={{ label: 'Searching…', fill: true }}
        error={t.searchError}
      >
        {() => <SearchResults term={term} firstPage={firstPage} results={results} />}
      </QueryView>
    </div>
  );
}

function SearchResults({
  term,
  firstPage,
  results,
}: {
  term: string;
  firstPage: number;
  results: ReturnType<typeof useSearch>;
}) {
  const pages = results.data?.pages ?? [];
  // An infinite query always holds its first page once it has succeeded.
  const first = pages[0] ?? { total: 0, artists: [] };
  const videos = pages.flatMap((page) => page.videos);
  return (
    <>
      <p className="search-page__count">{plural(first.total, 'result', 'results')}</p>
      <section aria-labelledby="search-artists">
        <h2 id="search-artists">Artists</h2>
        {first.artists.length === 0 ? (
          <p className="search-page__empty">{t.searchNoArtists}</p>
        ) : (
          <ArtistGrid artists={first.artists} />
        )}
      </section>
      <section aria-labelledby="search-videos">
        <h2 id="search-videos">Videos</h2>
        {firstPage > 1 && (
          <Link className="search-page__previous" to={pageLink.search(term, firstPage - 1)}>
            {t.searchPreviousResults}
          </Link>
        )}
        {videos.length === 0 ? (
          <p className="search-page__empty">{t.searchNoVideos}</p>
        ) : (
          <VideoGrid videos={videos} />
        )}
        <LoadMore
          query={results}
          errorMessage={t.searchError}
          block="search-page"
          href={pageLink.search(term, firstPage + pages.length)}
        />
      </section>
    </>
  );
}
