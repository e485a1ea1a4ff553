/**
 * What the bench and the security run share about running the production server as a child
 * process: a free port, its environment, and reading its output (log file, warning and error
 * counts, the last lines for failure reports).
 */
import type { ChildProcess } from 'node:child_process';
import type { WriteStream } from 'node:fs';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

/** Settings of the caller's shell that would change what the server under test does. */
const DROPPED_SETTINGS = [
  'DATABASE_URL',
  'DATA_DIR',
  'REDIS_URL',
  'SMTP_URL',
  'SEED',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'PORT',
  'HOST',
  'TRUST_PROXY',
  'CORS_ORIGINS',
  'LOAD_SHED_MAX_DELAY_MS',
  'YOUTUBE_API_KEY',
  'YOUTUBE_CHANNEL_ID',
  'YOUTUBE_API_URL',
  'YOUTUBE_OEMBED_URL',
];

/**
 * How `npm run serve` (package.json) starts the server, so a measured server runs exactly as it
 * is deployed: `[NAME=value ...] node <flags> dist/server/server.js`. The settings before `node`
 * are those read when the process starts (glibc's MALLOC_ARENA_MAX), which the server cannot
 * set for itself.
 */
export function servedCommand(repoRoot: string): {
  env: Record<string, string>;
  nodeFlags: string[];
} {
  const scripts = (
    JSON.parse(readFileSync(`${repoRoot}/package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const words = (scripts.serve ?? '').trim().split(/\s+/);
  const node = words.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word));
  if (words[node] !== 'node') {
    throw new Error(`npm run serve is not "[NAME=value ...] node ...": ${scripts.serve}`);
  }
  const env = Object.fromEntries(
    words.slice(0, node).map((setting) => {
      const equals = setting.indexOf('=');
      return [setting.slice(0, equals), setting.slice(equals + 1)];
    }),
  );
  return { env, nodeFlags: words.slice(node + 1).filter((word) => word.startsWith('--')) };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The production server's environment on this port: the caller's shell without the settings
 * above, then `settings`. All load comes from one address, so the per-address limits are
 * raised out of the way.
 */
export function serverEnv(port: number, settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of DROPPED_SETTINGS) delete env[name];
  return Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100000',
    ...settings,
  });
}

export interface ServerOutput {
  /** Warnings and errors the server logged (pino levels 40 and 50+). */
  counts: { warn: number; error: number };
  /** The last lines it printed, oldest first. */
  tail: string[];
}

/** Copies the child's stdout and stderr to `log`, counting pino levels and keeping a tail. */
export function watchServerOutput(
  child: ChildProcess,
  log: WriteStream,
  tailLines: number,
): ServerOutput {
  const output: ServerOutput = { counts: { warn: 0, error: 0 }, tail: [] };
  let pending = '';
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      output.tail.push(line);
      if (output.tail.length > tailLines) output.tail.shift();
      const level = Number(/^\{"level":(\d+)/.exec(line)?.[1]);
      if (level >= 50) output.counts.error += 1;
      else if (level >= 40) output.counts.warn += 1;
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return output;
}
