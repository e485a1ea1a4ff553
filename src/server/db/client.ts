import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import type { EmbeddedServer } from './embedded/embedded-server.js';
import { loadPg } from './load-pg.js';
import { migratePostgres, withStartupLock } from './migrate.js';
import * as schema from './schema.js';

/** Connections from the app's pool to the embedded database's thread. */
const EMBEDDED_CONNECTIONS = 4;

/** One query interface over both engines: PGlite (embedded) and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the checked-in SQL migrations; safe to call from several instances at once. */
  migrate: () => Promise<void>;
  /**
   * Runs `work` under the start-up lock that migrations take too, on the lock's own connection:
   * first-run content that several instances started at once would each add (the demo
   * catalogue, the configured administrator) is added by one of them, once.
   */
  exclusive: <T>(work: (db: Database) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; memory:// or absent for PGlite. */
  url?: string | undefined;
  /** Where PGlite keeps its files when url is absent. */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * PostgreSQL: connections to open in the background right away, so that the first requests
   * do not each wait for one (a server start opens them while it loads the app).
   */
  warmConnections?: number;
  /** Where the SQL migrations are; by default beside db/migrate.ts (sources and tests). */
  migrationsFolder?: string;
  /** In memory, from this dump of a migrated database (tests; see testing/global-setup.ts). */
  embeddedTemplate?: string;
  /** The embedded database's worker module; by default beside its starter (sources and tests). */
  embeddedWorker?: URL;
}

/**
 * Both engines answer through pg and drizzle's node-postgres driver: PostgreSQL over its own
 * connections, the embedded database (PGlite) from a thread of its own over a Unix socket
 * (embedded/), so a long query there no longer stalls the server's event loop.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = await startOpeningDatabase(options);
  await handle.opened;
  return handle;
}

/**
 * openDatabase without waiting for the embedded database's thread: the handle is usable at once
 * and its queries wait until the thread listens (`opened`, which rejects when it cannot start).
 * A server start builds the app meanwhile: PGlite's opening and the app's plugins took about as
 * long each, one after the other.
 */
export async function startOpeningDatabase(
  options: DatabaseOptions,
): Promise<DatabaseHandle & { opened: Promise<void> }> {
  const { url } = options;
  const onPostgres = url !== undefined && /^postgres(ql)?:\/\//.test(url);
  const embedded = onPostgres ? null : startEmbedded(options);
  // Settled later, by the first query or by close(); never an unhandled rejection meanwhile.
  embedded?.catch(() => undefined);
  // Before drizzle's driver, whose own import of pg then finds it loaded.
  const pg = loadPg();
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    ...(embedded
      ? {
          // PGlite runs one query at a time; a few connections keep the next ones queued in its
          // thread while the server works on answers (see embedded/shared-session.ts).
          max: EMBEDDED_CONNECTIONS,
          idleTimeoutMillis: 0,
        }
      : {
          connectionString: url,
          max: options.poolSize ?? 10,
          // The statements prepared by name (db/prepared.ts) are the per-request pages and
          // lookups, written so one plan fits every value. PostgreSQL would otherwise keep
          // planning a search or a video page afresh at each execution (its generic plan looks
          // dearer on estimates), which cost more than running it: 1.2 ms of planning against
          // 0.8 ms of work.
          // No JIT: PostgreSQL compiles a plan whose estimate passes jit_above_cost afresh at
          // every execution, and an estimate counts subqueries that never run (Analytics' site
          // figures: 247,000 for one live count, ~30 ms of compiling for 18 ms of work).
          options: '-c plan_cache_mode=force_generic_plan -c jit=off',
        }),
    // With the database away, a request fails in seconds (503) instead of waiting for ever.
    connectionTimeoutMillis: 5000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const opened = embedded ? connectWhenListening(pool, embedded) : Promise.resolve();
  void opened.then(
    () => {
      for (let i = 0; i < (options.warmConnections ?? 0); i++) {
        // A failure is the first query's to report (a start-up migrates first and says why).
        pool.connect().then(
          (client) => client.release(),
          () => undefined,
        );
      }
    },
    () => undefined,
  );
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: embedded ? 'pglite' : 'postgres',
    opened,
    migrate: () => migratePostgres(pool, options.migrationsFolder),
    exclusive: (work) =>
      withStartupLock(pool, (client) => work(drizzle({ client, schema }) as unknown as Database)),
    close: async () => {
      await pool.end();
      const server = await embedded?.catch(() => null);
      await server?.close();
    },
  };
}

type ConnectCallback = (
  error: Error | undefined,
  client: PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * Holds the pool's connections back until the embedded database's thread listens, then points
 * the pool at its socket (pg makes each client from `pool.options`) and gets out of the way.
 */
function connectWhenListening(pool: Pool, embedded: Promise<EmbeddedServer>): Promise<void> {
  const connect = pool.connect.bind(pool);
  const opened = embedded.then((server) => {
    Object.assign(pool.options, {
      host: server.host,
      port: server.port,
      user: server.user,
      database: server.database,
    });
    pool.connect = connect;
  });
  opened.catch(() => undefined);
  function waitingConnect(): Promise<PoolClient>;
  function waitingConnect(callback: ConnectCallback): void;
  function waitingConnect(callback?: ConnectCallback): Promise<PoolClient> | void {
    // Each waiter gets an error of its own (pg-pool rewrites the stack of the one it is given),
    // saying what the thread said, with the thread's own as its cause.
    const connected = opened.then(
      () => connect(),
      (error: unknown) => {
        throw error instanceof Error ? new Error(error.message, { cause: error }) : error;
      },
    );
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }
  pool.connect = waitingConnect;
  return opened;
}

/** PGlite in its thread: on disk in dataDir, or in memory (memory://, or no dataDir). */
async function startEmbedded(options: DatabaseOptions): Promise<EmbeddedServer> {
  let dataDir: string | undefined;
  if (options.url !== 'memory://' && options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = options.dataDir;
  }
  const { startEmbeddedServer } = await import('./embedded/embedded-server.js');
  return startEmbeddedServer({
    dataDir,
    templateFile: options.embeddedTemplate,
    workerFile: options.embeddedWorker,
  });
}
