/**
 * Builds the demo database that a first start copies (src/server/setup/prepared-demo-data.ts):
 * the server just bundled runs its first-run work (migrate, seed the demo) into
 * dist/server/demo-data, and dist/server/demo-data.json stamps it with the PGlite version and
 * the migrations it was made with. A first start whose PGlite or migrations differ creates its
 * own database instead, as before.
 *
 * Why: creating a PGlite database (initdb) took ~3 s of a ~4-5 s first start; copying the 29 MB
 * of prepared files takes ~65 ms on a quiet disk (docs/decisions/0019).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPglite } from '../src/server/db/embedded/open-pglite.js';
import { currentStamp } from '../src/server/setup/prepared-demo-data.js';

/**
 * PostgreSQL's template databases serve CREATE DATABASE alone, which Twang never runs on PGlite
 * (it uses the database "postgres"). Without them the copy is 582 files and 29 MB instead of
 * 1,182 and 43 MB, and a first start copies it in ~65 ms instead of ~130 ms.
 */
async function dropTemplates(dataDir: string): Promise<void> {
  const database = await openPglite({ dataDir });
  try {
    for (const name of ['template0', 'template1']) {
      await database.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await database.exec(`DROP DATABASE ${name}`);
    }
  } finally {
    await database.close();
  }
}

export async function buildDemoData(serverDir: string): Promise<void> {
  const startedAt = performance.now();
  const target = join(serverDir, 'demo-data');
  const stampFile = join(serverDir, 'demo-data.json');
  await rm(target, { recursive: true, force: true });
  await rm(stampFile, { force: true });
  const work = await mkdtemp(join(serverDir, '.demo-data-'));
  const dataDir = join(work, 'data');
  // Only what the first run needs: none of this machine's settings (a developer's .env, an
  // ADMIN_EMAIL or DATABASE_URL in the shell) may end up in, or redirect, the shipped files.
  // The working directory is the empty work folder, so no .env is read either.
  const child = spawn(process.execPath, [join(serverDir, 'server.js')], {
    cwd: work,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      TWANG_FIRST_RUN_ONLY: '1',
    },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`preparing the demo database failed (exit code ${code})`);
  await dropTemplates(dataDir);
  const stamp = await currentStamp(join(serverDir, 'db/migrations'));
  if (!stamp)
    throw new Error('the demo database cannot be stamped: PGlite or the migrations are unreadable');
  await rename(dataDir, target);
  await rm(work, { recursive: true, force: true });
  await writeFile(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
  console.log(
    `dist/server/demo-data: the demo database, made in ${Math.round(performance.now() - startedAt)} ms`,
  );
}
