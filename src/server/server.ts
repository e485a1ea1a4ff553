import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { ConfigError, loadConfig } from './env.js';
import { prepareDatabase } from './setup/prepare-database.js';

/** Starts Twang: config, database and migrations, first-run content, then listen. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, database });
  await prepareDatabase(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  const elapsed = Math.round(performance.now() - startedAt);
  app.log.info(
    `Twang is ready on port ${config.PORT} (${database.kind} database, started in ${elapsed} ms)`,
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Twang could not start:', error);
  }
  process.exit(1);
});
