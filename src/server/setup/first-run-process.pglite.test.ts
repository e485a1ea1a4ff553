import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, max, min } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { users, videos } from '../db/schema.js';
import { loadConfig } from '../env.js';
import { runFirstRunProcess, wantsFirstRunProcess } from './first-run-process.js';
import { prepareContent } from './prepare-database.js';
import { copyPreparedDemo, currentStamp, DEMO_DATES_PENDING } from './prepared-demo-data.js';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

const made: string[] = [];
let seeded: Promise<string> | null = null;
const newDataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'twang-first-run-'));
  made.push(dir);
  return join(dir, 'data');
};
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A data directory made as server.ts makes it: by its first-run child. Made once, ~5 s. */
function seededByChild(): Promise<string> {
  seeded ??= (async () => {
    const dataDir = await newDataDir();
    const previous = { DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: process.env.LOG_LEVEL };
    process.env.DATA_DIR = dataDir;
    process.env.LOG_LEVEL = 'warn';
    try {
      const entry = fileURLToPath(new URL('../server.ts', import.meta.url));
      await runFirstRunProcess(entry, ['--import', 'tsx']);
    } finally {
      for (const [key, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
    return dataDir;
  })();
  return seeded;
}

// The embedded database's own work: only the PGlite project runs it (vitest.config.ts).
describe('the first run of an embedded database', () => {
  it('goes to a process of its own only for a new database on disk that gets the demo', async () => {
    const dataDir = await newDataDir();
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(wantsFirstRunProcess(config({}))).toBe(true);
    expect(wantsFirstRunProcess(config({ SEED: 'none' }))).toBe(false);
    expect(wantsFirstRunProcess(config({ DATABASE_URL: 'memory://' }))).toBe(false);
    expect(
      wantsFirstRunProcess(config({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' })),
    ).toBe(false);
  });

  it('is migrated and seeded by a child process, and is then left to the server', async () => {
    const dataDir = await seededByChild();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(wantsFirstRunProcess(config)).toBe(false);
    // The child closed the files: this process can open them.
    const database = await openDatabase({ dataDir });
    try {
      const [shown] = await database.db.select({ n: count() }).from(videos);
      const [accounts] = await database.db.select({ n: count() }).from(users);
      expect(shown?.n).toBe(150);
      expect(accounts?.n).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('is copied from a prepared one, whose demo dates move to the day it is opened', async () => {
    // The build's demo database is what the first-run child makes (scripts/build-demo-data.ts).
    const built = await seededByChild();
    const stamp = join(built, '..', 'demo-data.json');
    await writeFile(stamp, JSON.stringify(await currentStamp(MIGRATIONS)));
    const dataDir = await newDataDir();
    expect(await copyPreparedDemo({ dir: built, stamp }, dataDir, MIGRATIONS)).toBe(true);
    const config = loadConfig({ DATA_DIR: dataDir, SEED: 'demo' });
    expect(wantsFirstRunProcess(config)).toBe(false);

    const database = await openDatabase({ dataDir });
    try {
      const dates = async () => {
        const [videoDates] = await database.db
          .select({ newest: max(videos.publishedAt), oldest: min(videos.publishedAt) })
          .from(videos);
        const [fanDates] = await database.db.select({ newest: max(users.lastLogin) }).from(users);
        return { ...videoDates!, lastLogin: fanDates!.newest! };
      };
      const before = await dates();
      // Built moments ago (npm start's case): the dates are the build's, and stay.
      await prepareContent({ config, database, log: { info: () => undefined } });
      expect(existsSync(join(dataDir, DEMO_DATES_PENDING))).toBe(false);
      expect(await dates()).toEqual(before);
      const [shown] = await database.db.select({ n: count() }).from(videos);
      expect(shown?.n).toBe(150);

      // Built ten days before it is opened: everything moves by ten days, gaps kept.
      const { moveDemoDatesToNow } = await import('./demo-seed.js');
      const tenDays = 10 * 24 * 60 * 60 * 1000;
      const opened = new Date(before.newest!.getTime() + tenDays);
      await moveDemoDatesToNow(database.db, opened);
      const after = await dates();
      expect(after.newest).toEqual(opened);
      expect(after.oldest!.getTime() - before.oldest!.getTime()).toBe(tenDays);
      expect(after.lastLogin.getTime() - before.lastLogin.getTime()).toBe(tenDays);
      // Again on the same day: nothing moves twice.
      await moveDemoDatesToNow(database.db, new Date(opened.getTime() + 60_000));
      expect(await dates()).toEqual(after);
    } finally {
      await database.close();
    }
  }, 60_000);
});
