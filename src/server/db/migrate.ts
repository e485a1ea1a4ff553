import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database } from './client.js';

/**
 * The SQL files beside this module, where the sources and tests find them. The bundled server
 * passes its own copy's folder instead: its modules no longer sit in db/ (see server.ts).
 */
const SOURCE_MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * An arbitrary constant: instances starting together take turns at migrating and at the
 * first-run content (the demo catalogue, the configured administrator).
 */
const STARTUP_LOCK_ID = 748_311;

/** Where Drizzle's migrator records what it applied (its defaults). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

type QueryRows = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * True when Drizzle's migrator would apply nothing: it runs every journal entry whose `when` is
 * later than the newest `created_at` it recorded, so the database is current when that is at least
 * the journal's latest. Only reads; any doubt (no table, no journal, an error) answers false and
 * the caller runs the migrator as before. Most starts find the database current, and skip loading
 * the migrator, reading and hashing every SQL file, and its DDL round trips.
 */
export async function isMigrated(
  query: QueryRows,
  migrationsFolder = SOURCE_MIGRATIONS_FOLDER,
): Promise<boolean> {
  try {
    const journal = JSON.parse(
      await readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8'),
    ) as { entries: { when: number }[] };
    const latest = Math.max(...journal.entries.map((entry) => entry.when));
    if (!Number.isFinite(latest)) return false;
    const [table] = await query(`SELECT to_regclass('${MIGRATIONS_TABLE}') IS NOT NULL AS present`);
    if (table?.present !== true) return false;
    // The migrator's own query: a NULL created_at sorts first and makes it start over.
    const [last] = await query(
      `SELECT created_at FROM ${MIGRATIONS_TABLE} ORDER BY created_at DESC LIMIT 1`,
    );
    return last !== undefined && Number(last.created_at) >= latest;
  } catch {
    return false;
  }
}

/** PGlite in this thread (the tests' template, testing/global-setup.ts); servers reach theirs through pg. */
export async function migratePglite<T extends Record<string, unknown>>(
  client: PGlite,
  db: PgliteDatabase<T>,
  migrationsFolder = SOURCE_MIGRATIONS_FOLDER,
): Promise<void> {
  const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
  if (await isMigrated(query, migrationsFolder)) return;
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(db, { migrationsFolder });
}

/**
 * Runs `work` on one connection of the pool while it holds the start-up lock (a session-level
 * advisory lock), so instances starting together on one database take turns. The work runs on
 * that same connection: a pool of one cannot deadlock with itself. A connection whose unlock
 * failed is closed instead of returned, which frees the lock with its session.
 */
export async function withStartupLock<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let unlocked = false;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
    try {
      return await work(client);
    } finally {
      unlocked = await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).then(
        () => true,
        () => false,
      );
    }
  } finally {
    client.release(!unlocked);
  }
}

export async function migratePostgres(
  pool: pg.Pool,
  migrationsFolder = SOURCE_MIGRATIONS_FOLDER,
): Promise<void> {
  // Read without the lock: a current database stays current. One that is behind is migrated
  // under the lock, where the migrator itself checks again, so instances still take turns.
  const query = async (text: string) => (await pool.query<Record<string, unknown>>(text)).rows;
  if (await isMigrated(query, migrationsFolder)) return;
  const [{ migrate }, { drizzle }] = await Promise.all([
    import('drizzle-orm/node-postgres/migrator'),
    import('drizzle-orm/node-postgres'),
  ]);
  await withStartupLock(pool, (client) => migrate(drizzle({ client }), { migrationsFolder }));
}

export async function isDatabaseUp(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
