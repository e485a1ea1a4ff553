import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { AttemptStore } from './attempt-store.js';

/** Where the general per-address limit counts each address's requests in the attempt store. */
export const GENERAL_LIMIT_PREFIX = 'requests:';

/** Where a route with a limit of its own counts a key's requests (`method` as Fastify lists it). */
export const routeLimitPrefix = (method: string, url: string): string => `route:${method} ${url}:`;

/**
 * @fastify/rate-limit's counters, kept in our attempt store (memory, or Redis shared by every
 * instance) rather than the plugin's own. One store holds every count, so the visitor lane
 * (public-pages/visitor-lane.ts), which answers cached reads before Fastify, counts a request
 * exactly where the plugin would, and both agree on an address's remaining requests.
 */
class AttemptRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly attempts: AttemptStore,
    private readonly prefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.attempts.hit(this.prefix + key, timeWindow).then(
      (count) => callback(null, { current: count.count, ttl: count.resetInMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** A route with a limit of its own (sign-up, recovery mail) counts apart from the general one. */
  child(options: RouteOptions): FastifyRateLimitStore {
    // The plugin passes the route's limit options with the route itself under `routeInfo`
    // (its types say the route): read as typed, every route's limit shared one counter.
    const route = (options as RouteOptions & { routeInfo?: RouteOptions }).routeInfo ?? options;
    const method = [route.method].flat().join(',');
    return new AttemptRateLimitStore(this.attempts, routeLimitPrefix(method, route.url));
  }
}

/** The plugin's `store` option: it constructs the store itself. */
export function rateLimitStoreOver(attempts: AttemptStore): FastifyRateLimitStoreCtor {
  return class extends AttemptRateLimitStore {
    constructor() {
      super(attempts, GENERAL_LIMIT_PREFIX);
    }
  };
}
