import { Button } from '../../../components/ui/button.js';

/** Load more under a liked list, while the list has more than its loaded pages. */
export function LikedListMore({
  query,
  errorMessage,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  errorMessage: string;
}) {
  return (
    <>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="account-liked__more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="account-liked__error">
          {errorMessage}
        </p>
      )}
    </>
  );
}
