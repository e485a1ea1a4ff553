import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis, connectRedisSubscriber } from '../../lib/redis.js';

/** What one instance tells the others: drop the home, or a video changed (drop it if shown). */
export type HomeChange = { kind: 'all' } | { kind: 'video'; id: number };

/**
 * How instances tell each other that the home page changed. With one instance nothing needs
 * telling; with several, Redis pub/sub carries the news within milliseconds.
 */
export interface HomeInvalidation {
  publish(change: HomeChange): Promise<void>;
  /** Called for changes made by other instances. */
  subscribe(listener: (change: HomeChange) => void): void;
  /**
   * False while news could be missed (Redis away): the cache must not be trusted then. Called
   * with every change of state, so the cache can drop what it held while deaf.
   */
  isLive(): boolean;
  onLiveChange(listener: (live: boolean) => void): void;
  close(): Promise<void>;
}

export function createLocalInvalidation(): HomeInvalidation {
  return {
    publish: async () => undefined,
    subscribe: () => undefined,
    isLive: () => true,
    onLiveChange: () => undefined,
    close: async () => undefined,
  };
}

const CHANNEL = 'twang:home:changed';

function encodeChange(change: HomeChange): string {
  return change.kind === 'all' ? 'all' : `video:${change.id}`;
}

function decodeChange(text: string): HomeChange | null {
  if (text === 'all') return { kind: 'all' };
  const id = Number(text.replace(/^video:/, ''));
  return text.startsWith('video:') && Number.isInteger(id) ? { kind: 'video', id } : null;
}

export function createRedisInvalidation(url: string): HomeInvalidation {
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
