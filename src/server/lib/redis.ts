import { Redis } from 'ioredis';

/** A Redis client that fails fast instead of queueing commands while Redis is away. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
}

/**
 * A client for SUBSCRIBE: it queues the subscription until connected and renews it after every
 * reconnection (ioredis does both), so a restart of Redis does not silence an instance.
 */
export function connectRedisSubscriber(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}
