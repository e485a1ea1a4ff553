import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { connectRedis } from '@server/lib/redis.js';
import { apiMessages } from '@shared/messages/api.js';
import { HttpError } from '@server/lib/http-errors.js';
import {
  type AttemptCount,
  createMemoryAttemptStore,
  createRedisAttemptStore,
  type AttemptStore,
} from './attempt-store.js';
import { createFailureLimiter, type FailureLimiter } from './failure-limiter.js';
import {
  GENERAL_LIMIT_PREFIX,
  rateLimitStoreOver,
  routeLimitPrefix,
} from './request-limit-store.js';

const MINUTE = 60_000;

/** The limits, before RATE_LIMIT_SCALE. Failures are wrong passwords or codes. */
export const LIMITS = {
  /** OWASP: lock out guessing per account and per address, for minutes, not forever. */
  loginFailures: { max: 10, windowMs: 15 * MINUTE },
  recoveryFailures: { max: 10, windowMs: 60 * MINUTE },
  /** Wrong second-factor codes (authenticator or backup), counted apart from passwords. */
  secondFactorFailures: { max: 10, windowMs: 15 * MINUTE },
  /** Sign-ups per address: enough for a family behind one router, too few to sweep emails. */
  register: { max: 10, windowMs: 60 * MINUTE },
  /** Recovery mails asked for per address (each account also has its own one-minute cooldown). */
  recoveryGenerate: { max: 10, windowMs: 15 * MINUTE },
  /**
   * Playback reports per viewer: the player sends one every 10-15 s and on pause, end and leave;
   * about one per 2 s sustained, with room for a burst of pauses and seeks.
   */
  progressReports: { max: 10, windowMs: 20_000 },
  /** Passkey prompts asked for per address: each stores a challenge until it is answered or expires. */
  passkeyPrompts: { max: 30, windowMs: 15 * MINUTE },
  /** Every request per address: far above a person, well below a flood. */
  general: { max: 600, windowMs: MINUTE },
} as const;

declare module 'fastify' {
  interface FastifyInstance {
    abuse: {
      login: FailureLimiter;
      recovery: FailureLimiter;
      secondFactor: FailureLimiter;
      general: GeneralLimit;
      /**
       * Counts one request under a route's own limit (routeLimit), as the rate-limit plugin
       * would: `key` is the route's keyGenerator's, `windowMs` its window.
       */
      countOnRoute(
        method: string,
        url: string,
        key: string,
        windowMs: number,
      ): Promise<AttemptCount>;
    };
  }
}

/**
 * The general per-address limit, for answers given before Fastify's hooks run (the visitor lane)
 * and for authentication, which refuses an address at the limit before a database lookup.
 */
export interface GeneralLimit {
  max: number;
  /** Counts one request from this address, as the rate-limit plugin would. */
  count(address: string): Promise<AttemptCount>;
  /** The address's count so far, when its next request would be refused; null otherwise. */
  reached(address: string): Promise<AttemptCount | null>;
}

/**
 * Rate limits: a general per-address limit on every request (refused ones count too), tighter
 * ones on sign-up and recovery mail, and failure limits on login and recovery codes. In memory,
 * or in Redis (REDIS_URL) so that every instance sees the same counts.
 */
export async function registerAbuseLimits(app: FastifyInstance): Promise<void> {
  const scale = app.config.RATE_LIMIT_SCALE;
  const redis = app.config.REDIS_URL ? connectRedis(app.config.REDIS_URL) : undefined;
  const store: AttemptStore = redis ? createRedisAttemptStore(redis) : createMemoryAttemptStore();
  const general = scaled(LIMITS.general, scale);
  app.decorate('abuse', {
    login: createFailureLimiter(store, 'login', scaled(LIMITS.loginFailures, scale)),
    recovery: createFailureLimiter(store, 'recovery', scaled(LIMITS.recoveryFailures, scale)),
    secondFactor: createFailureLimiter(
      store,
      'second-factor',
      scaled(LIMITS.secondFactorFailures, scale),
    ),
    general: {
      max: general.max,
      count: (address) => store.hit(GENERAL_LIMIT_PREFIX + address, general.windowMs),
      reached: async (address) => {
        const count = await store.peek(GENERAL_LIMIT_PREFIX + address);
        return count.count >= general.max ? count : null;
      },
    },
    countOnRoute: (method, url, key, windowMs) =>
      store.hit(routeLimitPrefix(method, url) + key, windowMs),
  });
  app.addHook('onClose', async () => {
    await store.close();
    redis?.disconnect();
  });

  await app.register(rateLimit, {
    global: true,
    max: general.max,
    timeWindow: general.windowMs,
    store: rateLimitStoreOver(store),
    // Redis away: serve rather than refuse everyone; the failure limits still need it and say so.
    skipOnError: true,
    allowList: (request) => !request.url.startsWith('/api/'),
    // A client that hung up before its request was read has no address any more; the plugin's
    // own key would throw (a 500 in the log, seen under load). No answer reaches it anyway.
    keyGenerator: (request) => (request.ip as string | undefined) ?? 'disconnected',
    // The plugin has set Retry-After already; the error handler writes the envelope.
    errorResponseBuilder: () => new HttpError(429, apiMessages.tooManyRequests),
  });
}

function scaled(limit: { max: number; windowMs: number }, scale: number) {
  return { max: limit.max * scale, windowMs: limit.windowMs };
}

/** Route options for a tighter per-address limit on one route. */
export function routeLimit(app: FastifyInstance, limit: { max: number; windowMs: number }) {
  const { max, windowMs } = scaled(limit, app.config.RATE_LIMIT_SCALE);
  return { rateLimit: { max, timeWindow: windowMs } };
}
