import type { ReactNode } from 'react';
import { LoadMore, type PagedQuery } from '@client/components/ui/load-more.js';
import { QueryView } from '@client/components/ui/page-states.js';

/** One of the account's liked lists: its heading, the items so far, and Load more. */
export function LikedList<T extends { id: number }>({
  kind,
  query,
  items,
  texts,
  gridClass,
  renderItem,
}: {
  /** 'videos' or 'artists': names the heading's id. */
  kind: string;
  query: PagedQuery & { isPending: boolean; isError: boolean; error: unknown; data: unknown };
  items: readonly T[];
  texts: { heading: string; loading: string; error: string; empty: string };
  gridClass: string;
  renderItem: (item: T) => ReactNode;
}) {
  const headingId = `liked-${kind}-heading`;
  return (
    <section className="account-liked" aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.heading}</h3>
      <QueryView query={query} loading={{ label: texts.loading }} error={texts.error}>
        {() =>
          items.length === 0 ? (
            <p className="account-liked__empty">{texts.empty}</p>
          ) : (
            <ul className={gridClass}>{items.map(renderItem)}</ul>
          )
        }
      </QueryView>
      <LoadMore query={query} errorMessage={texts.error} block="account-liked" />
    </section>
  );
}
