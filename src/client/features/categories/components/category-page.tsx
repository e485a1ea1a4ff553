import { Link, useParams } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { VideoGrid } from '@client/components/catalogue/video-card.js';
import { LoadMore } from '@client/components/ui/load-more.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { plural } from '@client/lib/format.js';
import { useTagVideos } from '../api/get-tag-videos.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import { PageError } from '@client/components/site/page-error.js';
import './category-page.css';
import { pageLink } from '@shared/page-paths.js';

/** /categories/{id}: every video carrying the tag, 60 at a time, and its artist when it has one. */
export function CategoryPage() {
  const { id = '' } = useParams();
  const query = useTagVideos(id);
  return (
    <>
      <PageTitle page={query.isSuccess ? (query.data.pages[0]?.name ?? '') : 'Category'} />
      <QueryView
        query={query}
        loading={{ fill: true }}
        error={(error) => <PageError error={error} message={t.categoryError} />}
      >
        {() => <CategoryVideos query={query} />}
      </QueryView>
    </>
  );
}

function CategoryVideos({ query }: { query: ReturnType<typeof useTagVideos> }) {
  const pages = query.data?.pages ?? [];
  // An infinite query always holds its first page once it has succeeded.
  const { name, artistId, total } = pages[0] ?? { name: '', artistId: null, total: 0 };
  const videos = pages.flatMap((page) => page.videos);
  return (
    <div className="category-page">
      <header className="category-page__header">
        <h1>Videos Tagged With &apos;{name}&apos;</h1>
        <p className="category-page__count">{plural(total, 'result', 'results')}</p>
        {artistId !== null && <Link to={pageLink.artist(artistId)}>View {name}</Link>}
      </header>
      {videos.length > 0 && <VideoGrid videos={videos} />}
      <LoadMore query={query} errorMessage={t.categoryError} block="category-page" />
    </div>
  );
}
