import type { MouseEvent } from 'react';
import { Button } from './button.js';

/** What Load more needs of an infinite query (TanStack Query's useInfiniteQuery result). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A click the browser should handle itself: a new tab or window, a download. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * Load more under a paged list while it has pages left, and the list's error text when the next
 * page fails. `block` names the list's CSS block: the control is `{block}__more`, the text
 * `{block}__error`. With `href` (the address of the list's next page) it is a link, which pages
 * without JavaScript; the app loads the page in place instead.
 */
export function LoadMore({
  query,
  errorMessage,
  block,
  href,
}: {
  query: PagedQuery;
  errorMessage: string;
  block: string;
  href?: string;
}) {
  const label = query.isFetchingNextPage ? 'Loading…' : 'Load more';
  const more = () => void query.fetchNextPage();
  return (
    <>
      {query.hasNextPage &&
        (href ? (
          <a
            href={href}
            className={`btn btn--secondary ${block}__more`}
            aria-disabled={query.isFetchingNextPage || undefined}
            onClick={(event) => {
              if (opensElsewhere(event)) return;
              event.preventDefault();
              if (!query.isFetchingNextPage) more();
            }}
          >
            {label}
          </a>
        ) : (
          <Button
            variant="secondary"
            className={`${block}__more`}
            disabled={query.isFetchingNextPage}
            onClick={more}
          >
            {label}
          </Button>
        ))}
      {query.isFetchNextPageError && (
        <p role="alert" className={`${block}__error`}>
          {errorMessage}
        </p>
      )}
    </>
  );
}
