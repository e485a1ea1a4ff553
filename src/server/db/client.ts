import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migratePglite, migratePostgres } from './migrate.js';
import * as schema from './schema.js';

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
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { url } = options;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      // With the database away, a request fails in seconds (503) instead of waiting for ever.
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    const pgDb = drizzlePg({ client: pool, schema });
    return {
      db: pgDb as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePostgres(pool, pgDb),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (url !== 'memory://' && options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = options.dataDir;
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  const pgliteDb = drizzlePglite({ client, schema });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb),
    close: () => client.close(),
  };
}
