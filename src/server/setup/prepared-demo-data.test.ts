import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  copyPreparedDemo,
  currentStamp,
  DEMO_DATES_PENDING,
  type DemoDataStamp,
} from './prepared-demo-data.js';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A build's output as the copy sees it: files in a folder, and a stamp beside it. */
async function preparedBuild(stamp: DemoDataStamp | string) {
  const root = await mkdtemp(join(tmpdir(), 'twang-prepared-'));
  made.push(root);
  const dir = join(root, 'demo-data');
  await mkdir(join(dir, 'base/1'), { recursive: true });
  await writeFile(join(dir, 'PG_VERSION'), '17\n');
  await writeFile(join(dir, 'base/1/1259'), 'a relation');
  const stampFile = join(root, 'demo-data.json');
  await writeFile(stampFile, typeof stamp === 'string' ? stamp : JSON.stringify(stamp));
  return { prepared: { dir, stamp: stampFile }, dataDir: join(root, 'data') };
}

describe("a first start's copy of the build's demo database", () => {
  it('stamps this PGlite version and a digest of every migration', async () => {
    const stamp = await currentStamp(MIGRATIONS);
    const { version } = JSON.parse(
      await readFile(
        new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
        'utf8',
      ),
    ) as { version: string };
    expect(stamp).toEqual({ pglite: version, migrations: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await currentStamp(join(MIGRATIONS, 'missing'))).toBeNull();
  });

  it('copies the files, with the note about the dates, when the stamp is this installation’s', async () => {
    const { prepared, dataDir } = await preparedBuild((await currentStamp(MIGRATIONS))!);
    expect(await copyPreparedDemo(prepared, dataDir, MIGRATIONS)).toBe(true);
    expect(await readFile(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(await readFile(join(dataDir, 'base/1/1259'), 'utf8')).toBe('a relation');
    expect(existsSync(join(dataDir, DEMO_DATES_PENDING))).toBe(true);
  });

  it('copies nothing when another PGlite, other migrations or no readable stamp made the files', async () => {
    const stamp = (await currentStamp(MIGRATIONS))!;
    for (const other of [
      { ...stamp, pglite: '0.0.1' },
      { ...stamp, migrations: 'f'.repeat(64) },
      'not json',
    ]) {
      const { prepared, dataDir } = await preparedBuild(other);
      expect(await copyPreparedDemo(prepared, dataDir, MIGRATIONS)).toBe(false);
      expect(existsSync(dataDir)).toBe(false);
    }
  });
});
