import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The build's demo database (scripts/build-demo-data.ts): PGlite's files, migrated and seeded
 * with the demo catalogue, beside server.js, and the stamp that says what made them. A first
 * start copies them instead of creating a database, which is most of its time (PGlite's initdb
 * alone is ~3 s; see docs/decisions/0019).
 */
export interface PreparedDemoFiles {
  dir: string;
  stamp: string;
}

/** What the files depend on: PGlite's own version, and every migration that made the schema. */
export interface DemoDataStamp {
  pglite: string;
  migrations: string;
}

/**
 * Left in a data directory that was copied from the build: the demo's dates are still those of
 * the build, and the server moves them to its own day (demo-seed.ts, moveDemoDatesToNow).
 */
export const DEMO_DATES_PENDING = 'twang-demo-dates-pending';

/** The stamp of this installation's PGlite and migrations, or null where either cannot be read. */
export async function currentStamp(migrationsFolder: string): Promise<DemoDataStamp | null> {
  try {
    // The package's exports do not list its package.json; its entry point is one folder down.
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const pglitePackage = new URL('../package.json', pathToFileURL(entry));
    const { version } = JSON.parse(await readFile(pglitePackage, 'utf8')) as { version?: unknown };
    if (typeof version !== 'string') return null;
    const journal = JSON.parse(
      await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const hash = createHash('sha256');
    for (const { tag } of journal.entries) {
      hash.update(tag).update(await readFile(join(migrationsFolder, `${tag}.sql`)));
    }
    return { pglite: version, migrations: hash.digest('hex') };
  } catch {
    return null;
  }
}

async function readStamp(file: string): Promise<DemoDataStamp | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DemoDataStamp;
  } catch {
    return null;
  }
}

/**
 * Copies the build's demo database into a new data directory, when the build has one and it was
 * made by this PGlite from these migrations; false otherwise (the caller then creates one).
 * PG_VERSION, the file that makes a directory a database (first-run-process.ts), is copied
 * last, after the note about the dates: a copy cut short is not taken for a database, and the
 * next start copies again.
 */
export async function copyPreparedDemo(
  prepared: PreparedDemoFiles,
  dataDir: string,
  migrationsFolder: string,
): Promise<boolean> {
  const [built, current] = await Promise.all([
    readStamp(prepared.stamp),
    currentStamp(migrationsFolder),
  ]);
  if (!built || !current) return false;
  if (built.pglite !== current.pglite || built.migrations !== current.migrations) return false;
  // Synchronous: nothing else runs yet, and cpSync took ~130 ms for the ~1,200 files where the
  // promise-based cp took ~500 ms.
  mkdirSync(dataDir, { recursive: true });
  cpSync(prepared.dir, dataDir, {
    recursive: true,
    force: true,
    filter: (source) => source !== join(prepared.dir, 'PG_VERSION'),
  });
  writeFileSync(join(dataDir, DEMO_DATES_PENDING), 'the demo dates are the build day\n');
  copyFileSync(join(prepared.dir, 'PG_VERSION'), join(dataDir, 'PG_VERSION'));
  return true;
}
