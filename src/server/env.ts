import { z } from 'zod';

const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** Every setting the server reads, checked once at start; see the README's configuration table. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** The built client (npm run build); the API runs without it. */
    CLIENT_DIR: z.string().min(1).default('./dist/client'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, 'must start with postgres:// or be memory://')
      .optional(),
    /** PostgreSQL connections per instance: keep instances x this under the server's max_connections. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Twang <no-reply@twang.local>'),
    /** The newsletter's pace: mails per second handed to SMTP_URL, whatever the list's size. */
    NEWSLETTER_MAILS_PER_SECOND: z.coerce.number().int().min(1).max(5000).default(300),
    /** The pace while the site is busy serving (plugins/site-busy.ts): fans' requests come first. */
    NEWSLETTER_BUSY_MAILS_PER_SECOND: z.coerce.number().int().min(1).max(5000).default(10),
    /** SMTP connections a mailing keeps open at once. */
    NEWSLETTER_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    BRAND_NAME: z.string().min(1).default('Twang'),
    MAIN_SITE_URL: z.url().default('https://example.com/'),
    SOCIAL_FACEBOOK_URL: z.url().default('https://www.facebook.com/'),
    SOCIAL_TWITTER_URL: z.url().default('https://x.com/'),
    SOCIAL_INSTAGRAM_URL: z.url().default('https://www.instagram.com/'),
    APP_STORE_URL: z.url().default('https://apps.apple.com/'),
    PLAY_STORE_URL: z.url().default('https://play.google.com/store/apps'),
    CORS_ORIGINS: csv.default([]),
    /** Hosts (https) the pages may load images from besides this site and YouTube's thumbnails. */
    IMAGE_HOSTS: csv
      .pipe(
        z.array(
          z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be host names, like img.example.com'),
        ),
      )
      .default([]),
    /**
     * Seals authenticator secrets at rest (AES-256-GCM): 32 random bytes in base64
     * (`openssl rand -base64 32`). The same on every instance. Without it, the embedded database
     * keeps a generated key beside its data; on PostgreSQL, enrolment is refused until it is set.
     */
    SECOND_FACTOR_KEY: z
      .string()
      .refine(
        (value) => Buffer.from(value, 'base64').length === 32,
        'must be 32 bytes in base64 (openssl rand -base64 32)',
      )
      .optional(),
    ADMIN_EMAIL: z.string().min(1).optional(),
    ADMIN_PASSWORD: z.string().min(1).optional(),
    SEED: z.enum(['demo', 'none']).optional(),
    YOUTUBE_API_KEY: z.string().min(1).optional(),
    YOUTUBE_CHANNEL_ID: z.string().min(1).optional(),
    YOUTUBE_API_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
    YOUTUBE_OEMBED_URL: z.url().default('https://www.youtube.com/oembed'),
    /**
     * YouTube's IFrame Player API script, which the video page's player loads (its origin is
     * allowed in the pages' script-src); tests point it at a local stand-in.
     */
    YOUTUBE_IFRAME_API_URL: z.url().default('https://www.youtube.com/iframe_api'),
    YOUTUBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    /** Minutes between scheduled channel syncs until the back-office sets its own. */
    YOUTUBE_SYNC_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
    /** The project's Data API quota per day (YouTube's default is 10,000 units). */
    YOUTUBE_DAILY_QUOTA: z.coerce.number().int().min(100).max(10_000_000).default(10_000),
    /** The WebSub hub YouTube publishes to; tests point it at a local stand-in. */
    YOUTUBE_HUB_URL: z.url().default('https://pubsubhubbub.appspot.com/subscribe'),
    /**
     * Multiplies every rate limit. 1 in production; test runs that send hundreds of requests from
     * one address raise it, and the tests of the limits themselves run at 1.
     */
    RATE_LIMIT_SCALE: z.coerce.number().min(1).max(100_000).default(1),
    /**
     * Load shedding: API requests get 503 + Retry-After while the event loop's mean delay over
     * the last second is above this (the process is too busy to answer in time anyway).
     */
    LOAD_SHED_MAX_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(500),
    /**
     * The page cache's budget in MB as it counts pages (their bytes, encodings, parsed data and
     * what their objects take of the heap): 20 keeps the server under 250 MB through the bench's
     * whole PostgreSQL phase (see page-cache-plugin.ts).
     */
    PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(20),
    /**
     * Searches' orders kept per instance, in MB (search-orders.ts): a search with thousands of
     * matches keeps its first 2,000 videos' ids (16 KB), so its later pages skip ranking them all.
     */
    SEARCH_ORDER_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(2),
    /** Sessions kept in memory per instance (about 0.5 KB each). */
    VIEWER_CACHE_SESSIONS: z.coerce.number().int().min(100).max(10_000_000).default(10_000),
    /** Liked ids kept in memory per instance, over every viewer (a few MB per 200,000). */
    VIEWER_CACHE_LIKED_IDS: z.coerce.number().int().min(1000).max(100_000_000).default(200_000),
    /**
     * How often this instance looks for due jobs and schedule ticks (modules/jobs); 0 runs none
     * here, while the other instances still do.
     */
    JOBS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; a bad value throws a ConfigError that lists every bad field, one a line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const entries = Object.entries(env).filter(([, value]) => value !== undefined && value !== '');
  const result = configSchema.safeParse(Object.fromEntries(entries));
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(config)'}: ${issue.message}`,
  );
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * Demo content goes into an empty embedded database, the throw-away memory:// one included,
 * unless SEED says otherwise.
 */
export function shouldSeedDemo(config: Config): boolean {
  if (config.SEED) return config.SEED === 'demo';
  return !config.DATABASE_URL || config.DATABASE_URL === 'memory://';
}

/**
 * Without SMTP_URL, whether mail (recovery codes included) is written to the log: in development
 * and demos only, that is whenever NODE_ENV is not `production` (`npm start` and the embedded
 * demo leave it unset). In production it would let anyone who reads the logs reset any password.
 */
export function mailGoesToLog(config: Config): boolean {
  return config.NODE_ENV !== 'production';
}
