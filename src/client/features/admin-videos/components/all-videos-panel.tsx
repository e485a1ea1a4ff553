import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminUiMessages } from '@shared/messages/admin-ui.js';
import { adminVideosUiMessages as ui } from '@shared/messages/admin-videos-ui.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { AdminSearchForm } from '@client/components/admin/admin-search-form.js';
import { Pager } from '@client/components/admin/pager.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { useRefreshAfterDelete } from '../api/delete-video.js';
import { useVideoSearch, VIDEO_SEARCH_PAGE_SIZE } from '../api/video-search.js';
import { AllVideosDeleteDialog } from './all-videos-delete-dialog.js';
import { AllVideosRow } from './all-videos-row.js';
import './all-videos.css';
import { adminLink } from '@shared/page-paths.js';

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * Title search over the whole catalogue, private videos included. The query and page live in the
 * address (?q=&page=), so coming back from the editor shows the same results.
 */
export function AllVideosPanel() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const page = pageOf(params.get('page'));
  const search = useVideoSearch(query, page);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const refresh = useRefreshAfterDelete();
  const resultsRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (search.error) console.error(ui.searchFailed, search.error);
  }, [search.error]);

  const go = (nextQuery: string, nextPage: number) => {
    const next = new URLSearchParams(params);
    if (nextQuery) next.set('q', nextQuery);
    else next.delete('q');
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    setParams(next, { preventScrollReset: true });
  };

  const submit = (next: string) => {
    if (next === query && page === 1 && next !== '') void search.refetch();
    else go(next, 1);
  };

  const videos = search.data?.videos ?? [];
  const total = search.data?.pageInfo.videoResults ?? 0;
  const pages = Math.max(1, Math.ceil(total / VIDEO_SEARCH_PAGE_SIZE));
  const searching = query !== '' && search.isPending;
  const empty = query === '' || (search.isSuccess && videos.length === 0);

  let summary = `${total} ${total === 1 ? 'video' : 'videos'} found`;
  if (searching) summary = 'Searching…';
  else if (search.isError) summary = '';
  else if (empty) summary = adminUiMessages.noSearchResults;

  const onDialogClose = (deleted: boolean) => {
    setDeleting(null);
    if (!deleted) return;
    // The last row of a later page gone: show the page before it.
    if (videos.length === 1 && page > 1) go(query, page - 1);
    void refresh().then(() => resultsRef.current?.focus());
  };

  return (
    <AdminPanel
      title="All Videos"
      className="all-videos"
      actions={
        <Link className="btn btn--primary" to={adminLink.newVideo}>
          New Video
        </Link>
      }
    >
      <AdminSearchForm label="Search videos by title" onSearch={submit} name="Videos" />
      <p
        ref={resultsRef}
        tabIndex={-1}
        className={empty ? 'admin-empty' : 'all-videos__summary'}
        role="status"
        aria-live="polite"
      >
        {summary}
      </p>
      {search.isError && (
        <p className="admin-error" role="alert">
          {ui.searchFailed}
        </p>
      )}
      {searching && <LoadingView label="Loading videos…" />}
      {!empty && !search.isError && videos.length > 0 && (
        <>
          <ul
            className="admin-list all-videos__list"
            aria-label="Videos found"
            aria-busy={search.isFetching}
          >
            {videos.map((video) => (
              <AllVideosRow key={video.id} video={video} onDelete={() => setDeleting(video)} />
            ))}
          </ul>
          <Pager
            label="Search result pages"
            page={page}
            lastPage={pages}
            onPage={(next) => go(query, next)}
          />
        </>
      )}
      <AllVideosDeleteDialog video={deleting} onClose={onDialogClose} />
    </AdminPanel>
  );
}
