import type { CacheChange, CacheInvalidation } from '../modules/public-pages/cache-invalidation.js';

/** An invalidation channel a test drives: it plays the other instances and Redis. */
export function fakeCacheChannel() {
  const listeners: ((change: CacheChange) => void)[] = [];
  const liveListeners: ((live: boolean) => void)[] = [];
  const published: CacheChange[] = [];
  let live = true;
  const channel: CacheInvalidation = {
    publish: async (change) => {
      published.push(change);
    },
    subscribe: (listener) => listeners.push(listener),
    isLive: () => live,
    onLiveChange: (listener) => liveListeners.push(listener),
    close: async () => undefined,
  };
  return {
    channel,
    published,
    fromElsewhere: (change: CacheChange) => listeners.forEach((listener) => listener(change)),
    setLive: (value: boolean) => {
      live = value;
      liveListeners.forEach((listener) => listener(value));
    },
  };
}
