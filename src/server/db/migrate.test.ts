import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDatabase } from '../testing/global-setup.js';
import { freshDatabaseName } from '../testing/postgres-names.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { isMigrated } from './migrate.js';
import { queryRows } from './query-rows.js';

// Each test starts from an empty database of the engine the project runs on (not the migrated
// template the API tests copy): these are the start-up paths of a real server.
const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const journal = JSON.parse(await readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
  entries: unknown[];
};

let admin: pg.Client | undefined;
const created: string[] = [];
const opened: DatabaseHandle[] = [];
beforeAll(async () => {
  if (!postgresUrl) return;
  admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
});
afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()));
  for (const name of created) await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});

/** An empty database, and the address of another connection to it (PostgreSQL) if any. */
async function emptyDatabase(): Promise<{ handle: DatabaseHandle; url: string | undefined }> {
  let url: string | undefined;
  if (admin && postgresUrl) {
    const name = freshDatabaseName();
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    url = withDatabase(postgresUrl, name);
  }
  const handle = await openDatabase({ url: url ?? 'memory://' });
  opened.push(handle);
  return { handle, url };
}

const current = (handle: DatabaseHandle) =>
  isMigrated((text) => queryRows<Record<string, unknown>>(handle.db, sql.raw(text)));

async function appliedCount(handle: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return Number(row?.n);
}

/** Migrates with a copy of the migrations that stops before the newest: an older release. */
async function migrateAsOlderRelease(handle: DatabaseHandle): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'twang-migrations-'));
  try {
    await cp(migrationsFolder, folder, { recursive: true });
    const older = { ...journal, entries: journal.entries.slice(0, -1) };
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(older));
    if (handle.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('migrations at start-up', () => {
  it(
    'an empty database is not current; migrate() applies every migration, once',
    { timeout: 60_000 },
    async () => {
      const { handle } = await emptyDatabase();
      expect(await current(handle)).toBe(false);
      await handle.migrate();
      expect(await current(handle)).toBe(true);
      expect(await appliedCount(handle)).toBe(journal.entries.length);
      // The next start finds it current and changes nothing.
      await handle.migrate();
      expect(await appliedCount(handle)).toBe(journal.entries.length);
    },
  );

  it('a database left by an older release is brought up to date', { timeout: 60_000 }, async () => {
    expect(journal.entries.length).toBeGreaterThan(1);
    const { handle } = await emptyDatabase();
    await migrateAsOlderRelease(handle);
    expect(await appliedCount(handle)).toBe(journal.entries.length - 1);
    expect(await current(handle)).toBe(false);
    await handle.migrate();
    expect(await current(handle)).toBe(true);
    expect(await appliedCount(handle)).toBe(journal.entries.length);
  });

  // Only PostgreSQL has several instances on one database; the postgres project runs this.
  if (postgresUrl) {
    it('instances starting together take turns', { timeout: 60_000 }, async () => {
      const { handle, url } = await emptyDatabase();
      const others = await Promise.all([1, 2].map(() => openDatabase({ url, poolSize: 2 })));
      opened.push(...others);
      await Promise.all([handle, ...others].map((instance) => instance.migrate()));
      expect(await appliedCount(handle)).toBe(journal.entries.length);
      expect(await current(handle)).toBe(true);
    });
  }
});
