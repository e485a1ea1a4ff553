import { fileURLToPath } from 'node:url';
import { startOpeningDatabase } from './db/client.js';
import { loadEnvFile } from './env-file.js';
import { loadConfig, type Config } from './env.js';
import { clearUnfinishedCopy, copyPreparedDemo } from './setup/prepared-demo-data.js';
import { crashText, startupErrorText } from './setup/startup-error.js';

/**
 * The build bundles the server into dist/server/server.js (plus lazily loaded chunks) and copies
 * the SQL files to dist/server/db/migrations: beside this entry point, as they are beside the
 * sources, wherever the bundler put the migrator's code.
 */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The embedded database's thread: its own entry point in the bundle, beside this one. */
const EMBEDDED_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './db/embedded/pglite-worker.ts' : './pglite-worker.js',
  import.meta.url,
);

/** The build's migrated and seeded demo database (scripts/build-demo-data.ts); none in dev. */
const PREPARED_DEMO = {
  dir: fileURLToPath(new URL('./demo-data', import.meta.url)),
  stamp: fileURLToPath(new URL('./demo-data.json', import.meta.url)),
};

/** Settled later, but failing early must not count as an unhandled rejection meanwhile. */
function started<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * Starts Twang: config, database and migrations, first-run content, then listen. A new embedded
 * database that gets the demo is copied from the build's (setup/prepared-demo-data.ts), or, with
 * none that fits, migrated and seeded by a child process first (setup/first-run-process.ts). The
 * app's modules load and its plugins are registered (most of the start-up time) while the
 * database is opened and its migrations are checked; nothing is served before the database is
 * migrated and its first-run content is in.
 */
/** The settings once read, so a failure to start can name the port or the database. */
let settings: Config | null = null;
/** Set once the server listens: an error after that is a crash, not a failed start. */
let listening = false;

async function main(): Promise<void> {
  const startedAt = performance.now();
  // Settings from ./.env when there is one; the environment's own win (see .env.example).
  loadEnvFile('.env');
  const config = loadConfig();
  settings = config;
  if (!config.DATABASE_URL) {
    const firstRun = await import('./setup/first-run-process.js');
    if (firstRun.isFirstRunProcess()) {
      await firstRun.prepareNewDatabase(config, {
        migrationsFolder: MIGRATIONS_FOLDER,
        embeddedWorker: EMBEDDED_WORKER,
      });
      process.exit(0);
    }
    if (
      firstRun.wantsFirstRunProcess(config) &&
      !(await copyPreparedDemo(PREPARED_DEMO, config.DATA_DIR, MIGRATIONS_FOLDER))
    ) {
      await firstRun.runFirstRunProcess(fileURLToPath(import.meta.url));
    }
    if (!firstRun.isDatabaseFolder(config.DATA_DIR)) clearUnfinishedCopy(config.DATA_DIR);
  }
  // The embedded database's thread starts first: the app's modules load and its plugins are
  // registered while it opens (its queries wait for it).
  const opening = started(
    startOpeningDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
      // The home page asks three queries at once: its first visitor need not wait to connect.
      warmConnections: 3,
      migrationsFolder: MIGRATIONS_FOLDER,
      embeddedWorker: EMBEDDED_WORKER,
    }),
  );
  const appModule = started(import('./app.js'));
  const setupModule = started(import('./setup/prepare-database.js'));
  const database = await opening;
  const migrated = started(database.migrate());
  const app = await appModule
    .then(({ buildApp }) => buildApp({ config, database }))
    .catch(async (error: unknown) => {
      // Never exit in the middle of a migration (PGlite writes its files in place).
      await migrated.catch(() => undefined);
      throw error;
    });
  await migrated;
  const { prepareContent, showDemoPasswords } = await setupModule;
  await prepareContent(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  listening = true;
  const elapsed = Math.round(performance.now() - startedAt);
  app.log.info(
    `Twang is ready on port ${config.PORT} (${database.kind} database, started in ${elapsed} ms)`,
  );
  // Only now: a start that failed before listening must not have shown them.
  await showDemoPasswords(app).catch((error: unknown) =>
    app.log.error({ err: error }, 'the demo accounts could not be given their passwords'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // A keep-alive connection whose request was in flight turns idle only once it is answered;
    // closing idle ones again and again lets close() finish then, not at the keep-alive time-out.
    const drain = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(drain);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

// Node's own report of an error nothing caught prints every field of it: a failed query's
// parameters, password hashes among them. This one prints what lib/safe-errors.ts allows.
process.on('uncaughtException', (error) => {
  console.error(listening ? crashText(error) : startupErrorText(error, settings));
  process.exit(1);
});

main().catch((error: unknown) => {
  console.error(startupErrorText(error, settings));
  process.exit(1);
});
