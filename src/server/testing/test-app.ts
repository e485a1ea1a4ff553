import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import { loadConfig, type Config } from '../env.js';
import type { LogStream } from '../lib/logging.js';
import type { Mailer } from '../modules/mail/mailer.js';
import type { YoutubeClient } from '../modules/youtube/youtube-client.js';
import { registerAnswerCheck } from './answer-check.js';
import { withDatabase } from './global-setup.js';
import { freshDatabaseName } from './postgres-names.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  kind: DatabaseHandle['kind'];
  config: Config;
  /** On PostgreSQL: the database's address, for a second instance of the site on it. */
  databaseUrl: string | null;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  youtube?: YoutubeClient;
  /** On PostgreSQL: how the app reaches the database (a test puts a proxy in between). */
  postgresVia?: (url: string) => string;
  /** Log lines go here (at LOG_LEVEL from env) instead of nowhere. */
  logStream?: LogStream;
  /**
   * On PostgreSQL: run as another instance of the same site, on that app's database (which
   * the first app drops when it closes). Close this one first.
   */
  sameDatabaseAs?: TestApp;
  /**
   * Every API answer is checked against the OpenAPI document (answer-check.ts); a test that
   * provokes what no client should see (a 500 on purpose) turns the check off.
   */
  checkAnswers?: boolean;
  /** Hooks of the test's own, added just before the routes (AppOptions.beforeApiRoutes). */
  beforeApiRoutes?: (app: FastifyInstance) => void;
  /** The app's clock for scheduled work (AppOptions.clock). */
  clock?: () => Date;
}

/**
 * A whole app on its own fresh, migrated database: PGlite in memory, or a new PostgreSQL database
 * when the test project runs with TEST_DB=postgres. Call close() in afterAll.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs?.databaseUrl;
  if (options.sameDatabaseAs && !shared) throw new Error('sameDatabaseAs needs PostgreSQL');
  const { handle, dropDatabase, url } = shared
    ? {
        handle: await openDatabase({ url: shared, poolSize: 4 }),
        dropDatabase: async () => undefined,
        url: shared,
      }
    : await openTestDatabase(options.postgresVia);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    YOUTUBE_API_URL: 'http://127.0.0.1:9/youtube/v3',
    YOUTUBE_OEMBED_URL: 'http://127.0.0.1:9/oembed',
    YOUTUBE_TIMEOUT_MS: '2000',
    CLIENT_DIR: './no-client-in-api-tests',
    // A test file sends hundreds of requests from one address; the limits' own tests set 1.
    RATE_LIMIT_SCALE: '1000',
    // Busy CI machines stall test processes; only the load-shedding test wants shedding.
    LOAD_SHED_MAX_DELAY_MS: '60000',
    // Scheduled work runs when a test asks (app.jobs.runDue) or sets its own poll.
    JOBS_POLL_MS: '0',
    // One key for every instance of a test, as production sets one for all of its instances.
    SECOND_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64'),
    ...options.env,
  });
  const app = await buildApp({
    config,
    database: handle,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.youtube ? { youtube: options.youtube } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    beforeApiRoutes: (app) => {
      if (options.checkAnswers !== false) registerAnswerCheck(app);
      options.beforeApiRoutes?.(app);
    },
  });
  try {
    await app.ready();
  } catch (error) {
    // An app that will not start (a test of exactly that) leaves no database behind.
    await app.close();
    await handle.close();
    await dropDatabase();
    throw error;
  }
  return {
    app,
    db: handle.db,
    kind: handle.kind,
    config,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await handle.close();
      await dropDatabase();
    },
  };
}

async function openTestDatabase(via: (url: string) => string = (url) => url): Promise<{
  handle: DatabaseHandle;
  dropDatabase: () => Promise<void>;
  url: string | null;
}> {
  const postgresTemplate = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (postgresTemplate && url) {
    const name = freshDatabaseName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplate}`);
    const databaseUrl = withDatabase(url, name);
    const handle = await openDatabase({ url: via(databaseUrl), poolSize: 4 });
    return {
      handle,
      url: databaseUrl,
      dropDatabase: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  // The server's own path: PGlite in its thread, reached through pg (db/embedded/).
  const handle = await openDatabase({
    url: 'memory://',
    embeddedTemplate: inject('pgliteTemplate'),
  });
  return { handle, dropDatabase: async () => undefined, url: null };
}
