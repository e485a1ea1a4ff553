import type { Redis } from 'ioredis';

/** How many attempts a key has in its current window, and when that window ends. */
export interface AttemptCount {
  count: number;
  resetInMs: number;
}

/**
 * Counters in fixed windows: the first hit of a key opens a window of `windowMs`, later hits add
 * to it until it ends. Kept in memory for one instance, in Redis when several share the limits.
 */
export interface AttemptStore {
  hit: (key: string, windowMs: number) => Promise<AttemptCount>;
  peek: (key: string) => Promise<AttemptCount>;
  clear: (key: string) => Promise<void>;
  close: () => Promise<void>;
}

const NONE: AttemptCount = { count: 0, resetInMs: 0 };

export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  // Ended windows are dropped now and then, so a flood of one-off keys cannot grow the map forever.
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
  }, 60_000);
  sweep.unref();

  const current = (key: string) => {
    const window = windows.get(key);
    if (!window || window.endsAt <= now()) return undefined;
    return window;
  };

  return {
    async hit(key, windowMs) {
      const window = current(key) ?? { count: 0, endsAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { count: window.count, resetInMs: window.endsAt - now() };
    },
    async peek(key) {
      const window = current(key);
      return window ? { count: window.count, resetInMs: window.endsAt - now() } : NONE;
    },
    async clear(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// INCR and the expiry in one step, so two instances hitting at once cannot lose the window's end.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

export function createRedisAttemptStore(redis: Redis, prefix = 'twang:attempts:'): AttemptStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [
        number,
        number,
      ];
      return { count, resetInMs: Math.max(ttl, 0) };
    },
    async peek(key) {
      const [count, ttl] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then((replies) => (replies ?? []).map(([, value]) => value));
      return count === null || count === undefined
        ? NONE
        : { count: Number(count), resetInMs: Math.max(Number(ttl), 0) };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}
