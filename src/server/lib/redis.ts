import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

/**
 * ioredis is loaded when a client is first made, i.e. only with REDIS_URL set: most starts need
 * none of it (it costs ~100 ms of CPU to load). Synchronously, so the functions stay synchronous.
 */
function redisClass(): typeof Redis {
  return (createRequire(import.meta.url)('ioredis') as { Redis: typeof Redis }).Redis;
}

/** A Redis client that fails fast instead of queueing commands while Redis is away. */
export function connectRedis(url: string): Redis {
  const Client = redisClass();
  return new Client(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
}

/**
 * A client for SUBSCRIBE: it queues the subscription until connected and renews it after every
 * reconnection (ioredis does both), so a restart of Redis does not silence an instance.
 */
export function connectRedisSubscriber(url: string): Redis {
  const Client = redisClass();
  return new Client(url, { maxRetriesPerRequest: null, lazyConnect: false });
}
