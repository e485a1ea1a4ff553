import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis, connectRedisSubscriber } from '@server/lib/redis.js';

/**
 * What one instance tells the others: drop every cached page; or one thing changed on its own
 * (a video's or an artist's like count, a viewer's likes): drop what shows it; or accounts or
 * sessions changed: drop every session and viewer kept (viewer-cache.ts).
 */
export type CacheChange =
  { kind: 'all' } | { kind: 'viewers' } | { kind: 'dependency'; dependency: string };

/**
 * How instances tell each other that what they cache (pages, sessions, viewers' likes) changed. With one instance nothing needs
 * telling; with several, Redis pub/sub carries the news within milliseconds.
 */
export interface CacheInvalidation {
  publish(change: CacheChange): Promise<void>;
  /** Called for changes made by other instances. */
  subscribe(listener: (change: CacheChange) => void): void;
  /**
   * False while news could be missed (Redis away): the cache must not be trusted then. Called
   * with every change of state, so the cache can drop what it held while deaf.
   */
  isLive(): boolean;
  onLiveChange(listener: (live: boolean) => void): void;
  close(): Promise<void>;
}

/** Redis pub/sub when there is a Redis (several instances may share it), else nothing to tell. */
export function createCacheInvalidation(redisUrl: string | undefined): CacheInvalidation {
  return redisUrl ? createRedisInvalidation(redisUrl) : createLocalInvalidation();
}

export function createLocalInvalidation(): CacheInvalidation {
  return {
    publish: async () => undefined,
    subscribe: () => undefined,
    isLive: () => true,
    onLiveChange: () => undefined,
    close: async () => undefined,
  };
}

const CHANNEL = 'twang:pages:changed';

/** A dependency names a kind and an id (public-page.ts); anything else on the channel is ignored. */
const DEPENDENCY = /^[a-z]+:\d+$/;

function encodeChange(change: CacheChange): string {
  return change.kind === 'dependency' ? change.dependency : change.kind;
}

function decodeChange(text: string): CacheChange | null {
  if (text === 'all' || text === 'viewers') return { kind: text };
  return DEPENDENCY.test(text) ? { kind: 'dependency', dependency: text } : null;
}

export function createRedisInvalidation(url: string): CacheInvalidation {
  // Messages carry their sender, so an instance does not act twice on its own news.
  const sender = randomUUID();
  const publisher: Redis = connectRedis(url);
  const subscriber: Redis = connectRedisSubscriber(url);
  // Errors are reported through isLive(); ioredis would otherwise print each reconnection attempt.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  let subscribed = false;
  const liveListeners: ((live: boolean) => void)[] = [];
  const setSubscribed = (value: boolean) => {
    if (subscribed === value) return;
    subscribed = value;
    for (const listener of liveListeners) listener(value);
  };
  // 'ready' comes before ioredis renews the subscription; only its answer proves we are listening.
  const listen = () => {
    subscriber.subscribe(CHANNEL).then(
      () => setSubscribed(true),
      () => setSubscribed(false),
    );
  };
  subscriber.on('ready', listen);
  subscriber.on('close', () => setSubscribed(false));
  subscriber.on('end', () => setSubscribed(false));

  return {
    async publish(change) {
      try {
        await publisher.publish(CHANNEL, `${sender} ${encodeChange(change)}`);
      } catch {
        // Redis is away, so every instance is deaf and distrusts its cache until it is back.
      }
    },
    subscribe(listener) {
      subscriber.on('message', (channel: string, message: string) => {
        const [from, text = ''] = message.split(' ');
        const change = channel === CHANNEL && from !== sender ? decodeChange(text) : null;
        if (change) listener(change);
      });
    },
    isLive: () => subscribed,
    onLiveChange(listener) {
      liveListeners.push(listener);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
