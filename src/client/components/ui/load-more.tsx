import { Button } from './button.js';

/** What Load more needs of an infinite query (TanStack Query's useInfiniteQuery result). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Load more under a paged list while it has pages left, and the list's error text when the next
 * page fails. `block` names the list's CSS block: the button is `{block}__more`, the text
 * `{block}__error`.
 */
export function LoadMore({
  query,
  errorMessage,
  block,
}: {
  query: PagedQuery;
  errorMessage: string;
  block: string;
}) {
  return (
    <>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className={`${block}__more`}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className={`${block}__error`}>
          {errorMessage}
        </p>
      )}
    </>
  );
}
