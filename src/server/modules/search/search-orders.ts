import type { Database } from '@server/db/client.js';
import type { BesideCache, PageCache } from '../public-pages/page-cache.js';
import { findSearchOrder, searchPageByIds, type SearchOrder } from './search-order-query.js';
import { visibilityOf, type SearchPageJson } from './search-query.js';
import type { SiteSearch } from './search-repository.js';

/**
 * Videos' ids kept per search: 50 pages of the default 40. A word in most titles matches tens of
 * thousands of videos, and every page of it visited them all again (~110 ms each at 100k videos)
 * to rank and count them; with its order kept, its later pages read only their own rows.
 */
export const SEARCH_ORDER_DEPTH = 2_000;

/** Searches' orders by visibility and words, let go with the pages (PageCache.keepBeside). */
export interface SearchOrders {
  /** Videos' ids kept per search (SEARCH_ORDER_DEPTH; fewer in tests, to page past them). */
  depth: number;
  /**
   * A later page (page 2 on) of what the typed words find, read by its ids from the search's
   * kept order (found once, shared by every page of it); null where the order cannot answer:
   * the words find no video (the corrected search pages as before), or the page lies past the
   * ids kept.
   */
  laterPage(db: Database, search: SiteSearch, words: string[]): Promise<SearchPageJson | null>;
}

/** Ids are numbers in arrays (8 bytes each), plus the arrays and the entry around them. */
const weighOrder = (order: SearchOrder) =>
  200 + 8 * (order.videoIds.length + order.artistIds.length);

/** Keeps searches' orders beside these pages, within maxBytes. */
export function createSearchOrders(pageCache: PageCache, maxBytes: number): SearchOrders {
  const kept = pageCache.keepBeside<string, SearchOrder>({
    maxWeight: maxBytes,
    weigh: weighOrder,
  });
  const orders: SearchOrders = {
    depth: SEARCH_ORDER_DEPTH,
    laterPage: (db, search, words) => laterPage(db, kept, orders.depth, search, words),
  };
  return orders;
}

async function laterPage(
  db: Database,
  kept: BesideCache<string, SearchOrder>,
  depth: number,
  search: SiteSearch,
  words: string[],
): Promise<SearchPageJson | null> {
  const { term, includePrivate, page, pageSize } = search;
  const key = `${visibilityOf(includePrivate)} ${term}`;
  const start = (page - 1) * pageSize;
  // Found only where it can answer and be kept: for a page past the ids kept, or while deaf to
  // the other instances, it would be found and then the page searched for all the same.
  const order =
    kept.peek(key) ??
    (start + pageSize <= depth && kept.isKeeping()
      ? await kept.get(key, () => findSearchOrder(db, { words, term, includePrivate, depth }))
      : null);
  if (!order || order.videoTotal === 0) return null;
  const known =
    order.videoIds.length === order.videoTotal || start + pageSize <= order.videoIds.length;
  if (!known) return null;
  const videoIds = order.videoIds.slice(start, start + pageSize);
  const json = await searchPageByIds(db, { order, videoIds, page, pageSize, includePrivate });
  return {
    json,
    videoTotal: order.videoTotal,
    artistIds: order.artistIds,
    videoIds,
    wordRows: null,
  };
}
