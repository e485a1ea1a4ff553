import type { FastifyInstance } from 'fastify';
import { createSearchOrders, type SearchOrders } from './search-orders.js';

declare module 'fastify' {
  interface FastifyInstance {
    searchOrders: SearchOrders;
  }
}

/**
 * The searches' kept orders (search-orders.ts), beside the page cache and let go with it, within
 * SEARCH_ORDER_CACHE_MB; the search page reads its later pages from them.
 */
export function registerSearchOrders(app: FastifyInstance): void {
  const maxBytes = app.config.SEARCH_ORDER_CACHE_MB * 1024 * 1024;
  app.decorate('searchOrders', createSearchOrders(app.pageCache, maxBytes));
}
