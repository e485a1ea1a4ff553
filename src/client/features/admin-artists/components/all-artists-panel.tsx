import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { adminArtistsUiMessages as ui } from '@shared/messages/admin-artists-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import type { Artist } from '@shared/schemas/catalogue.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { AdminSearchForm } from '@client/components/admin/admin-search-form.js';
import { ConfirmDeleteDialog } from '@client/components/admin/confirm-delete-dialog.js';
import { Pager } from '@client/components/admin/pager.js';
import { ArtistImage } from '@client/components/catalogue/artist-image.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { ARTISTS_PAGE_SIZE, deleteArtist, useArtistList } from '../api/admin-artists.js';
import { useLogError } from '../lib/use-log-error.js';
import { ArtistsTable } from './artists-table.js';
import '@client/components/ui/button.css';
import { adminLink } from '@shared/page-paths.js';

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * All Artists: a name search run by the server (Enter or Search), paged, so it stays quick however
 * many artists there are. The query and page live in the address, so Back and reload keep them.
 */
export function AllArtistsPanel() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = pageOf(params.get('page'));
  const [deleting, setDeleting] = useState<Artist | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const list = useArtistList(q, page);
  useLogError(list.error, ui.listLoadFailed);

  const total = list.data?.pageInfo.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ARTISTS_PAGE_SIZE));

  // A deletion can empty the last page: step back to the new last one.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > pages) goTo(pages);
  });

  function goTo(next: number) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
  }

  const search = (next: string) => {
    setParams(next ? { q: next } : {});
    // Same query again: the admin expects fresh results.
    if (next === q) void list.refetch();
  };

  return (
    <AdminPanel
      title="All Artists"
      actions={
        <Link className="btn btn--secondary" to={adminLink.newArtist}>
          Add Artist
        </Link>
      }
    >
      <AdminSearchForm label="Search artists by name" onSearch={search} inputRef={searchRef} />

      <p className="artist-results__summary" aria-live="polite">
        {list.isSuccess && total > 0 && summary(total, q, page)}
      </p>

      {list.isPending ? (
        <LoadingView />
      ) : list.isError ? (
        <p className="admin-error" role="alert">
          {ui.listLoadFailed}
        </p>
      ) : list.data.artists.length === 0 ? (
        <p className="admin-empty" role="status">
          {t.noSearchResults}
        </p>
      ) : (
        <ArtistsTable
          artists={list.data.artists}
          busy={list.isFetching}
          onDelete={(artist) => setDeleting(artist)}
        />
      )}

      {list.isSuccess && <Pager label="Artist pages" page={page} lastPage={pages} onPage={goTo} />}

      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t.confirmArtistDeletion}
        confirmLabel={ui.deleteArtistButton}
        successText={t.artistDeleted}
        failureText={t.artistDeleteFailed}
        onConfirm={() => deleteArtist(deleting!.id)}
        onClose={(deleted) => {
          setDeleting(null);
          if (!deleted) return;
          void queryClient.invalidateQueries({ queryKey: ['admin'] });
          // The row (and its delete button, which had the focus) is gone.
          searchRef.current?.focus();
        }}
      >
        {deleting && (
          <div className="artist-delete__preview">
            <ArtistImage className="artist-delete__image" src={deleting.image} alt="" size={64} />
            <strong>{deleting.name}</strong>
          </div>
        )}
        <p>{t.deleteArtistQuestion}</p>
        <p className="artist-delete__warning">{t.cannotBeUndone}</p>
      </ConfirmDeleteDialog>
    </AdminPanel>
  );
}

function summary(total: number, q: string, page: number): string {
  const first = (page - 1) * ARTISTS_PAGE_SIZE + 1;
  const last = Math.min(total, page * ARTISTS_PAGE_SIZE);
  const range = total > ARTISTS_PAGE_SIZE ? `${first}–${last} of ` : '';
  const noun = total === 1 ? 'artist' : 'artists';
  return q ? `${range}${total} ${noun} matching “${q}”` : `${range}${total} ${noun}`;
}
