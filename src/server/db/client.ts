import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migratePglite, migratePostgres } from './migrate.js';
import * as schema from './schema.js';

/** The embedded database's page cache (see openDatabase). */
const PGLITE_SHARED_BUFFERS = '16MB';

/** One query interface over both engines: PGlite (embedded) and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the checked-in SQL migrations; safe to call from several instances at once. */
  migrate: () => Promise<void>;
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
}

/**
 * Each engine's driver is loaded only when it is used: a PostgreSQL start never compiles PGlite,
 * an embedded one never loads pg (a noticeable share of the start-up time).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { url } = options;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // The statements prepared by name (db/prepared.ts) are the per-request pages and lookups,
      // written so one plan fits every value. PostgreSQL would otherwise keep planning a search
      // or a video page afresh at each execution (its generic plan looks dearer on estimates),
      // which cost more than running it: 1.2 ms of planning against 0.8 ms of work.
      options: '-c plan_cache_mode=force_generic_plan',
      // With the database away, a request fails in seconds (503) instead of waiting for ever.
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    for (let i = 0; i < (options.warmConnections ?? 0); i++) {
      // A failure is the first query's to report (a start-up migrates first and says why).
      pool.connect().then(
        (client) => client.release(),
        () => undefined,
      );
    }
    const pgDb = drizzlePg({ client: pool, schema });
    return {
      db: pgDb as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePostgres(pool, pgDb, options.migrationsFolder),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (url !== 'memory://' && options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = options.dataDir;
  }
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    // PostgreSQL's default 128 MB of shared buffers live in the process's WebAssembly memory,
    // which never shrinks; the demo catalogue fits in a fraction. 16 MB took ~100 MB off the
    // server's resident memory, with no loss of throughput on the demo data.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(client, pgliteDb, options.migrationsFolder),
    close: () => client.close(),
  };
}
