import { apiMessages } from '@shared/messages/api.js';
import { HttpError } from '@server/lib/http-errors.js';
import type { AttemptStore } from './attempt-store.js';

export interface FailureLimit {
  /** Failures allowed in a window; the next attempt is refused until it ends. */
  max: number;
  windowMs: number;
}

/** 429 with Retry-After in whole seconds (at least one). */
export function tooManyAttempts(
  resetInMs: number,
  message: string = apiMessages.tooManyAttempts,
): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return new HttpError(429, message, {
    'retry-after': String(seconds),
  });
}

/**
 * Counts failures (wrong passwords, wrong codes) under several keys at once (an account and an
 * address): once any key reaches `max`, every attempt under it is refused until its window ends,
 * right or wrong, so guessing cannot go on by trying the right answer last.
 */
export function createFailureLimiter(store: AttemptStore, name: string, limit: FailureLimit) {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    /** Throws 429 when any key is spent. */
    async check(keys: readonly string[]): Promise<void> {
      const counts = await Promise.all(keys.map((key) => store.peek(keyOf(key))));
      const spent = counts.filter(({ count }) => count >= limit.max);
      if (spent.length > 0) throw tooManyAttempts(Math.max(...spent.map((c) => c.resetInMs)));
    },
    async fail(keys: readonly string[]): Promise<void> {
      await Promise.all(keys.map((key) => store.hit(keyOf(key), limit.windowMs)));
    },
    /**
     * Counts an attempt before its answer is known, and throws 429 once a key is past `max`:
     * requests sent all at once cannot each pass a check made before any failure was counted.
     * A success then forgets the account's key (`forget`).
     */
    async take(keys: readonly string[]): Promise<void> {
      const counts = await Promise.all(keys.map((key) => store.hit(keyOf(key), limit.windowMs)));
      const spent = counts.filter(({ count }) => count > limit.max);
      if (spent.length > 0) throw tooManyAttempts(Math.max(...spent.map((c) => c.resetInMs)));
    },
    /** A success forgets the failures of these keys (the account's, not the address's). */
    async forget(keys: readonly string[]): Promise<void> {
      await Promise.all(keys.map((key) => store.clear(keyOf(key))));
    },
  };
}

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
