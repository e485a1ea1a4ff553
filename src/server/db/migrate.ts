import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { Database } from './client.js';

// The build copies the SQL files next to the compiled module, so one relative path serves both.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant: instances starting together take turns at migrating. */
const MIGRATION_LOCK_ID = 748_311;

export async function migratePglite<T extends Record<string, unknown>>(
  db: PgliteDatabase<T>,
): Promise<void> {
  await migratePgliteDb(db, { migrationsFolder });
}

export async function migratePostgres<T extends Record<string, unknown>>(
  pool: pg.Pool,
  db: NodePgDatabase<T>,
): Promise<void> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(db, { migrationsFolder });
  } finally {
    await lockClient
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
      .catch(() => undefined);
    lockClient.release();
  }
}

export async function isDatabaseUp(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
