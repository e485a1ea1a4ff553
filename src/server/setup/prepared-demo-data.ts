import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
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

/** The build's stamp: also how many files and bytes it made, so a damaged copy is noticed. */
export interface DemoDataManifest extends DemoDataStamp {
  files: number;
  bytes: number;
}

/**
 * The site_settings row the build's demo database carries (scripts/build-demo-data.ts): its
 * dates are still the build's. The first start moves them to its own day and deletes the row in
 * the same transaction (demo-seed.ts, moveDemoDatesToNow), so only that copy, never a database
 * that has served, is ever moved.
 */
export const DEMO_DATES_PENDING_KEY = 'demo-dates-pending';

/** Where a copy is made inside DATA_DIR before its files are moved into place. */
const STAGING = '.twang-demo-copy';

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

/** How many files and bytes a folder holds, all the way down. */
export function countFiles(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

async function readManifest(file: string): Promise<DemoDataManifest | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DemoDataManifest;
  } catch {
    return null;
  }
}

const inside = (parent: string, child: string): boolean => {
  const path = relative(resolve(parent), resolve(child));
  return path === '' || (!path.startsWith(`..${sep}`) && path !== '..' && !path.startsWith(sep));
};

/**
 * Copies a folder's files into another, as the owner's alone (0600 files in 0700 folders, as
 * PostgreSQL keeps its own: the build's are readable by all, for whoever runs the server).
 * Returns what it copied.
 */
function copyPrivately(from: string, to: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target, { mode: 0o700 });
      const copied = copyPrivately(source, target);
      files += copied.files;
      bytes += copied.bytes;
    } else if (entry.isFile()) {
      copyFileSync(source, target);
      chmodSync(target, 0o600);
      files += 1;
      bytes += statSync(target).size;
    }
  }
  return { files, bytes };
}

/**
 * Removes what a copy of `from` put into `to`, and nothing else a data directory may hold. Only
 * ever called on a folder without PG_VERSION: not a database, at most a copy cut short.
 */
function removeCopied(from: string, to: string): void {
  rmSync(join(to, STAGING), { recursive: true, force: true });
  for (const name of readdirSync(from)) rmSync(join(to, name), { recursive: true, force: true });
}

/**
 * A copy cut short (a crash, a power cut) leaves its files in DATA_DIR/.twang-demo-copy; a start
 * that will not copy (SEED=none, no build) clears them before the database is made there.
 */
export function clearUnfinishedCopy(dataDir: string): void {
  rmSync(join(dataDir, STAGING), { recursive: true, force: true });
}

/**
 * Copies the build's demo database into a new data directory (one without PG_VERSION), when the
 * build has one, made by this PGlite from these migrations, and whole; false otherwise, and then
 * the caller creates the database itself. The files are copied into DATA_DIR/.twang-demo-copy,
 * checked, then moved into place, PG_VERSION last: a copy cut short is never a database, and the
 * next start clears it and copies again. A failure part-way (a disk that is full, files the
 * server may not read) removes what it copied, says why on standard error, and is also false: a
 * first start does not fail for want of a shortcut.
 */
export async function copyPreparedDemo(
  prepared: PreparedDemoFiles,
  dataDir: string,
  migrationsFolder: string,
): Promise<boolean> {
  // Never into the build's own files, nor the build's into themselves.
  if (inside(prepared.dir, dataDir) || inside(dataDir, prepared.dir)) return false;
  const [built, current] = await Promise.all([
    readManifest(prepared.stamp),
    currentStamp(migrationsFolder),
  ]);
  if (!built || !current) return false;
  if (built.pglite !== current.pglite || built.migrations !== current.migrations) return false;
  const staging = join(dataDir, STAGING);
  try {
    // Synchronous: nothing else runs yet, and a synchronous copy took ~130 ms for ~1,200 files
    // where the promise-based cp took ~500 ms.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    removeCopied(prepared.dir, dataDir);
    mkdirSync(staging, { mode: 0o700 });
    const copied = copyPrivately(prepared.dir, staging);
    if (copied.files !== built.files || copied.bytes !== built.bytes) {
      throw new Error(
        `${copied.files} files of ${copied.bytes} bytes where the build made ${built.files} of ${built.bytes}`,
      );
    }
    const names = readdirSync(staging).filter((name) => name !== 'PG_VERSION');
    for (const name of [...names, 'PG_VERSION']) {
      renameSync(join(staging, name), join(dataDir, name));
    }
    rmSync(staging, { recursive: true, force: true });
    return true;
  } catch (error) {
    try {
      removeCopied(prepared.dir, dataDir);
    } catch {
      // What is left is not a database (PG_VERSION comes last): the next start clears it.
    }
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`The build's demo database was not copied (${reason}); creating one instead.`);
    return false;
  }
}
