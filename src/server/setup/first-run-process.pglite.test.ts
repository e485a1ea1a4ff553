import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { users, videos } from '../db/schema.js';
import { loadConfig } from '../env.js';
import { runFirstRunProcess, wantsFirstRunProcess } from './first-run-process.js';

const made: string[] = [];
const newDataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'twang-first-run-'));
  made.push(dir);
  return join(dir, 'data');
};
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

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
});
