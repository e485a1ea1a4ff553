import type { Database } from '@server/db/client.js';
import { correctedQueryText } from './full-text-query.js';
import { findSearchPageJson, type SearchPageJson } from './search-query.js';
import type { SearchOrders } from './search-orders.js';
import { searchWords } from './search-terms.js';
import { correctionsOf } from './word-corrections.js';

export interface SiteSearch {
  term: string;
  page: number;
  pageSize: number;
  includePrivate: boolean;
}

/**
 * A page of the site search. The typed words are tried first (search-query.ts). When no video
 * matches, every word becomes a prefix and each misspelt one (no prefix of any catalogue word) is
 * replaced by the closest words of the catalogue, and the search runs once more: 'dusty trian'
 * finds "Dusty Train", 'jonny cash' Johnny Cash. One statement when the words match or nothing
 * is close to them (it looks the words up itself when nothing matched), two for a typo. Later
 * pages are read from the search's kept order where it can answer (search-orders.ts).
 */
export async function searchCatalogue(
  db: Database,
  orders: SearchOrders,
  search: SiteSearch,
): Promise<SearchPageJson> {
  const words = searchWords(search.term);
  if (search.page > 1 && words.length > 0) {
    const fromOrder = await orders.laterPage(db, search, words);
    if (fromOrder) return fromOrder;
  }
  const request = { ...search, words, query: null };
  const found = await findSearchPageJson(db, request);
  if (found.videoTotal > 0 || words.length === 0) return found;
  const corrected = correctionsOf(found.wordRows ?? []);
  if (!corrected) return found;
  const query = correctedQueryText(corrected);
  return findSearchPageJson(db, { ...request, query });
}
