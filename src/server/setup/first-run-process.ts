import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../db/client.js';
import { shouldSeedDemo, type Config } from '../env.js';
import { prepareContent } from './prepare-database.js';
import { FirstRunError } from './startup-error.js';

/** Set in the environment of the child process that prepares a new embedded database. */
const FIRST_RUN_ONLY = 'TWANG_FIRST_RUN_ONLY';

export const isFirstRunProcess = (): boolean => process.env[FIRST_RUN_ONLY] === '1';

/**
 * Whether the first run's work goes to a process of its own: a new embedded database on disk
 * that is about to get the demo catalogue. PGlite's WebAssembly memory grows to ~750 MB while
 * seeding and never gives it back, so a server that seeded itself would hold ~320 MB for good;
 * opening the seeded files afresh it holds ~230 MB. An in-memory database cannot be handed over,
 * and PostgreSQL's memory is not the server's.
 */
export function wantsFirstRunProcess(config: Config): boolean {
  if (config.DATABASE_URL || !shouldSeedDemo(config)) return false;
  return !isDatabaseFolder(config.DATA_DIR);
}

/** Whether a folder holds a database: PostgreSQL's PG_VERSION is what makes it one. */
export const isDatabaseFolder = (dataDir: string): boolean =>
  existsSync(join(dataDir, 'PG_VERSION'));

/** How the first-run child is started: Node's flags, and its environment and folder. */
export interface FirstRunOptions {
  nodeFlags?: string[];
  /** The child's whole environment; this process's by default. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * Runs this same entry point as a child that migrates and seeds the database, then exits; the
 * server opens the database only after it, since PGlite's files have one user at a time. The
 * build runs it too, to make the demo database it ships (scripts/build-demo-data.ts).
 */
export async function runFirstRunProcess(
  entryPoint: string,
  { nodeFlags = process.execArgv, env = process.env, cwd }: FirstRunOptions = {},
): Promise<void> {
  const child = spawn(process.execPath, [...nodeFlags, entryPoint], {
    env: { ...env, [FIRST_RUN_ONLY]: '1' },
    cwd,
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new FirstRunError(`preparing the new database failed (exit code ${code})`);
}

/** Log lines shaped as the server's (pino's JSON), at its level: info unless LOG_LEVEL is above. */
function logLine(config: Config): (message: string) => void {
  const shown = ['trace', 'debug', 'info'].includes(config.LOG_LEVEL);
  return (message) => {
    if (shown) console.log(JSON.stringify({ level: 30, time: Date.now(), msg: message }));
  };
}

/** The child's whole work: migrate, add the first-run content, close the files. */
export async function prepareNewDatabase(
  config: Config,
  files: { migrationsFolder: string; embeddedWorker: URL },
): Promise<void> {
  const database = await openDatabase({ dataDir: config.DATA_DIR, ...files });
  try {
    await database.migrate();
    await prepareContent({ config, database, log: { info: logLine(config) } });
  } finally {
    await database.close();
  }
}
