import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  copyPreparedDemo,
  countFiles,
  currentStamp,
  clearUnfinishedCopy,
  type DemoDataManifest,
} from './prepared-demo-data.js';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The stamp the build writes for these files: this installation's, and what it holds. */
const manifestOf = async (dir: string): Promise<DemoDataManifest> => ({
  ...(await currentStamp(MIGRATIONS))!,
  ...countFiles(dir),
});

/**
 * A build's output as the copy sees it: files in a folder, and a stamp beside it (the stamp of
 * these very files unless another is given).
 */
async function preparedBuild(stamp?: Partial<DemoDataManifest> | string) {
  const root = await mkdtemp(join(tmpdir(), 'twang-prepared-'));
  made.push(root);
  const dir = join(root, 'demo-data');
  await mkdir(join(dir, 'base/1'), { recursive: true });
  await writeFile(join(dir, 'PG_VERSION'), '17\n');
  await writeFile(join(dir, 'base/1/1259'), 'a relation');
  const stampFile = join(root, 'demo-data.json');
  const written =
    typeof stamp === 'string' ? stamp : JSON.stringify({ ...(await manifestOf(dir)), ...stamp });
  await writeFile(stampFile, written);
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

  it('copies the files, the owner’s alone, when the stamp is this installation’s', async () => {
    const { prepared, dataDir } = await preparedBuild();
    expect(await copyPreparedDemo(prepared, dataDir, MIGRATIONS)).toBe(true);
    expect(await readFile(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(await readFile(join(dataDir, 'base/1/1259'), 'utf8')).toBe('a relation');
    expect(existsSync(join(dataDir, '.twang-demo-copy'))).toBe(false);
    expect((await stat(join(dataDir, 'base/1/1259'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'PG_VERSION'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dataDir, 'base/1'))).mode & 0o777).toBe(0o700);
  });

  it('copies again over a copy cut short, and leaves the folder’s other files', async () => {
    const { prepared, dataDir } = await preparedBuild();
    // Cut short while moving the files into place: no PG_VERSION yet, so not a database.
    await mkdir(join(dataDir, 'base/1'), { recursive: true });
    await writeFile(join(dataDir, 'base/1/stray'), 'from the cut-short copy');
    await mkdir(join(dataDir, '.twang-demo-copy/base'), { recursive: true });
    await writeFile(join(dataDir, 'notes.txt'), 'the owner’s');
    expect(await copyPreparedDemo(prepared, dataDir, MIGRATIONS)).toBe(true);
    expect(await readFile(join(dataDir, 'base/1/1259'), 'utf8')).toBe('a relation');
    expect(existsSync(join(dataDir, 'base/1/stray'))).toBe(false);
    expect(existsSync(join(dataDir, '.twang-demo-copy'))).toBe(false);
    expect(await readFile(join(dataDir, 'notes.txt'), 'utf8')).toBe('the owner’s');
  });

  it('clears a copy cut short for a start that will not copy, and nothing else', async () => {
    const { dataDir } = await preparedBuild();
    await mkdir(join(dataDir, '.twang-demo-copy/base'), { recursive: true });
    await writeFile(join(dataDir, 'notes.txt'), 'the owner’s');
    clearUnfinishedCopy(dataDir);
    expect(existsSync(join(dataDir, '.twang-demo-copy'))).toBe(false);
    expect(existsSync(join(dataDir, 'notes.txt'))).toBe(true);
  });

  it('removes what it copied, and says so, when the files are not what the build made', async () => {
    const { prepared, dataDir } = await preparedBuild({ files: 3 });
    await mkdir(dataDir);
    await writeFile(join(dataDir, 'notes.txt'), 'the owner’s');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await copyPreparedDemo(prepared, dataDir, MIGRATIONS)).toBe(false);
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/not copied \(2 files of \d+ bytes where the build made 3 of/),
      );
    } finally {
      warn.mockRestore();
    }
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    expect(existsSync(join(dataDir, 'base'))).toBe(false);
    expect(existsSync(join(dataDir, '.twang-demo-copy'))).toBe(false);
    expect(await readFile(join(dataDir, 'notes.txt'), 'utf8')).toBe('the owner’s');
  });

  it('never copies into the build’s own files', async () => {
    const { prepared } = await preparedBuild();
    for (const dataDir of [prepared.dir, join(prepared.dir, 'base'), join(prepared.dir, '..')]) {
      expect(await copyPreparedDemo(prepared, dataDir, MIGRATIONS)).toBe(false);
    }
    expect(await manifestOf(prepared.dir)).toMatchObject({ files: 2 });
    expect(existsSync(join(prepared.dir, '.twang-demo-copy'))).toBe(false);
  });

  it('copies nothing when another PGlite, other migrations or no readable stamp made the files', async () => {
    for (const other of [{ pglite: '0.0.1' }, { migrations: 'f'.repeat(64) }, 'not json']) {
      const { prepared, dataDir } = await preparedBuild(other);
      expect(await copyPreparedDemo(prepared, dataDir, MIGRATIONS)).toBe(false);
      expect(existsSync(dataDir)).toBe(false);
    }
  });
});
