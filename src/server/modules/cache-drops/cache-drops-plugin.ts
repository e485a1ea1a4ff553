import type { FastifyInstance } from 'fastify';
import { changesOf, type WriteChange } from './write-changes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Drops what a change outside a request made (a scheduled job's write), the way the hook
     * below does for a route's `config.changes`, on every instance.
     */
    dropCaches: (changes: readonly WriteChange[]) => Promise<void>;
  }
}

/**
 * The one place a write drops cached pages and viewers: after the handler, before the answer
 * leaves (so whoever made the change sees it on their next read), from what the route declares
 * in `config.changes` (write-changes.ts). The caches tell the other instances (over Redis, when
 * there is one: cache-invalidation.ts).
 *
 * Only a 2xx answer drops anything. A write is one statement or one transaction, so a refused
 * (4xx) or failed (5xx) call wrote nothing, and a drop would only empty the caches: on every
 * instance, and when the database fails, at the moment it can least rebuild them.
 */
export function registerCacheDrops(app: FastifyInstance): void {
  const drop = (change: WriteChange): Promise<void> => {
    if (change === 'pages') return app.pageCache.invalidate();
    if (change === 'viewers') return app.viewerCache.invalidate();
    if ('pagesShowing' in change) return app.pageCache.changed(change.pagesShowing);
    return app.viewerCache.likesChanged(change.likesOf);
  };
  const dropAll = async (changes: readonly WriteChange[]) => {
    if (changes.length > 0) await Promise.all(changes.map(drop));
  };
  app.decorate('dropCaches', dropAll);
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return;
    await dropAll(changesOf(request));
  });
}
