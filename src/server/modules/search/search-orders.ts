import type { FastifyInstance } from 'fastify';
import type { Database } from '@server/db/client.js';
import type { BesideCache } from '../public-pages/page-cache.js';
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
interface SearchOrders {
  kept: BesideCache<string, SearchOrder>;
  /** Videos' ids kept per search (SEARCH_ORDER_DEPTH; fewer in tests). */
  depth: number;
}

// By database, as the statements are: a page's build is handed the database, not the app.
const ordersByDatabase = new WeakMap<Database, SearchOrders>();

/** Ids are numbers in arrays (8 bytes each), plus the arrays and the entry around them. */
const weighOrder = (order: SearchOrder) =>
  200 + 8 * (order.videoIds.length + order.artistIds.length);

/** Keeps searches' orders for this app's database, within SEARCH_ORDER_CACHE_MB. */
export function keepSearchOrders(app: FastifyInstance, depth = SEARCH_ORDER_DEPTH): void {
  const known = ordersByDatabase.get(app.db);
  if (known) {
    known.depth = depth;
    return;
  }
  const kept = app.pageCache.keepBeside<string, SearchOrder>({
    maxWeight: app.config.SEARCH_ORDER_CACHE_MB * 1024 * 1024,
    weigh: weighOrder,
  });
  ordersByDatabase.set(app.db, { kept, depth });
}

/**
 * A later page (page 2 on) of what the typed words find, read by its ids from the search's kept
 * order (found once, shared by every page of it); null where the order cannot answer: no order
 * is kept for this database, the words find no video (the corrected search pages as before), or
 * the page lies past the ids kept.
 */
export async function searchPageFromOrder(
  db: Database,
  search: SiteSearch,
  words: string[],
): Promise<SearchPageJson | null> {
  const orders = ordersByDatabase.get(db);
  if (!orders) return null;
  const { term, includePrivate, page, pageSize } = search;
  const key = `${visibilityOf(includePrivate)} ${term}`;
  const start = (page - 1) * pageSize;
  // Found only where it can answer and be kept: for a page past the ids kept, or while deaf to
  // the other instances, it would be found and then the page searched for all the same.
  const order =
    orders.kept.peek(key) ??
    (start + pageSize <= orders.depth && orders.kept.isKeeping()
      ? await orders.kept.get(key, () =>
          findSearchOrder(db, { words, term, includePrivate, depth: orders.depth }),
        )
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
