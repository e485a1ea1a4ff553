/**
 * Builds the demo database that a first start copies (src/server/setup/prepared-demo-data.ts):
 * the server just bundled runs its first-run work (migrate, seed the demo) into
 * dist/server/demo-data, and dist/server/demo-data.json stamps it with the PGlite version and
 * the migrations it was made with, and the files it holds. A first start whose PGlite or
 * migrations differ creates its own database instead, as before.
 *
 * Why: creating a PGlite database (initdb) took ~3 s of a ~4-5 s first start; copying the 29 MB
 * of prepared files takes ~65 ms on a quiet disk (docs/decisions/0019).
 *
 * Making it takes ~5 s, so it is kept in node_modules/.cache/twang-demo-data under a digest of
 * the bundle that made it: `npm start` builds every time, and a build of unchanged code copies
 * the one it made before.
 */
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPglite } from '../src/server/db/embedded/open-pglite.js';
import { runFirstRunProcess } from '../src/server/setup/first-run-process.js';
import {
  countFiles,
  currentStamp,
  DEMO_DATES_PENDING_KEY,
  type DemoDataManifest,
} from '../src/server/setup/prepared-demo-data.js';

const CACHE = join(import.meta.dirname, '../node_modules/.cache/twang-demo-data');

/**
 * PostgreSQL's template databases serve CREATE DATABASE alone, which Twang never runs on PGlite
 * (it uses the database "postgres"). Without them the copy is 582 files and 29 MB instead of
 * 1,182 and 43 MB, and a first start copies it in ~65 ms instead of ~130 ms. Also marks the
 * demo's dates as the build's.
 */
async function finishDemoData(dataDir: string): Promise<void> {
  const database = await openPglite({ dataDir });
  try {
    for (const name of ['template0', 'template1']) {
      await database.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await database.exec(`DROP DATABASE ${name}`);
    }
    // The first start moves the build's dates to its own day (prepared-demo-data.ts).
    await database.query(`INSERT INTO site_settings (key, value) VALUES ($1, 'true')`, [
      DEMO_DATES_PENDING_KEY,
    ]);
  } finally {
    await database.close();
  }
}

/** Everything the demo database depends on: the bundle (seed code, schema) and the migrations. */
function digestOfBuild(serverDir: string, stamp: object): string {
  const hash = createHash('sha256').update(JSON.stringify(stamp));
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') || file.endsWith('.sql') || file.endsWith('.json'))
    .filter((file) => !file.startsWith('demo-data'))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(join(serverDir, file)));
  return hash.digest('hex').slice(0, 24);
}

/**
 * Readable by all, written by the owner alone: the build may run as another user than the
 * server (an image built as root), and the copy makes its own files private again.
 */
function readableByAll(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
  }
}

/** Makes the demo database in the cache folder `cached`, with its manifest beside it. */
async function makeDemoData(serverDir: string, cached: string): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  const work = await mkdtemp(join(CACHE, '.making-'));
  try {
    const dataDir = join(work, 'demo-data');
    // Only what the first run needs: none of this machine's settings (a developer's .env, an
    // ADMIN_EMAIL or DATABASE_URL in the shell) may end up in, or redirect, the shipped files.
    // The working directory is the empty work folder, so no .env is read either.
    await runFirstRunProcess(join(serverDir, 'server.js'), {
      nodeFlags: [],
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, SEED: 'demo', LOG_LEVEL: 'warn' },
      cwd: work,
    });
    await finishDemoData(dataDir);
    readableByAll(dataDir);
    const stamp = await currentStamp(join(serverDir, 'db/migrations'));
    if (!stamp)
      throw new Error(
        'the demo database cannot be stamped: PGlite or the migrations are unreadable',
      );
    const manifest: DemoDataManifest = { ...stamp, ...countFiles(dataDir) };
    await writeFile(join(work, 'demo-data.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Older builds' databases are of no more use: one is kept. Another build's work in progress
    // (.making-*) is left to it.
    for (const name of readdirSync(CACHE)) {
      if (name.startsWith('.making-')) continue;
      await rm(join(CACHE, name), { recursive: true, force: true });
    }
    // A build of the same code that finished first has made the same files.
    await rename(work, cached).catch((error: unknown) => {
      if (!existsSync(join(cached, 'demo-data.json'))) throw error;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export async function buildDemoData(serverDir: string): Promise<void> {
  const startedAt = performance.now();
  const stamp = await currentStamp(join(serverDir, 'db/migrations'));
  if (!stamp)
    throw new Error('the demo database cannot be stamped: PGlite or the migrations are unreadable');
  const cached = join(CACHE, digestOfBuild(serverDir, stamp));
  const made = !existsSync(join(cached, 'demo-data.json'));
  if (made) await makeDemoData(serverDir, cached);
  await rm(join(serverDir, 'demo-data'), { recursive: true, force: true });
  cpSync(join(cached, 'demo-data'), join(serverDir, 'demo-data'), { recursive: true });
  cpSync(join(cached, 'demo-data.json'), join(serverDir, 'demo-data.json'));
  console.log(
    `dist/server/demo-data: the demo database, ${made ? 'made' : 'copied from the cache'} in ` +
      `${Math.round(performance.now() - startedAt)} ms`,
  );
}
