/**
 * Starts a production Twang server from source in a child process (`node --import tsx`, so the pid
 * is the real server and `kill -9` hits it), waits for /healthz, and stops or kills it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Settings of the caller's shell that would change what the server under test does. */
const INHERITED_SETTINGS_DROPPED = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'SEED',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'PORT',
  'HOST',
  'TRUST_PROXY',
  'CORS_ORIGINS',
  'YOUTUBE_API_KEY',
  'YOUTUBE_CHANNEL_ID',
  'YOUTUBE_API_URL',
  'YOUTUBE_OEMBED_URL',
];

export interface ServerOptions {
  databaseUrl: string;
  /** Extra settings (ADMIN_EMAIL, YOUTUBE_*, ...). */
  env?: Record<string, string>;
  /** Every log line of the server is appended here. */
  logFile: string;
  port?: number;
  startTimeoutMs?: number;
}

export interface LogCounts {
  warn: number;
  error: number;
}

export interface ServerProcess {
  origin: string;
  port: number;
  pid: number;
  logs: LogCounts;
  /** The last lines the server printed, for failure reports. */
  tail: () => string[];
  /** SIGTERM, then SIGKILL after a grace period. */
  stop: () => Promise<void>;
  /** SIGKILL to the whole process group, no warning; resolves once the process is gone. */
  kill9: () => Promise<void>;
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

const running = new Set<ChildProcess>();

/** Kills every server still running (called on the way out, whatever happened). */
export function killAllServers(): void {
  for (const child of running) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  running.clear();
}

interface PinoLine {
  level?: unknown;
}

function countLevel(line: string, counts: LogCounts): void {
  if (!line.startsWith('{')) return;
  try {
    const parsed = JSON.parse(line) as PinoLine;
    if (typeof parsed.level !== 'number') return;
    if (parsed.level >= 50) counts.error += 1;
    else if (parsed.level >= 40) counts.warn += 1;
  } catch {
    // not a log line
  }
}

function watchOutput(child: ChildProcess, log: WriteStream, counts: LogCounts, tail: string[]) {
  let pending = '';
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      countLevel(line, counts);
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForHealth(
  origin: string,
  child: ChildProcess,
  timeoutMs: number,
  tail: string[],
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited during start (code ${child.exitCode}, signal ${child.signalCode}):\n${tail.join('\n')}`,
      );
    }
    try {
      const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${tail.join('\n')}`);
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS_DROPPED) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100000',
    DATABASE_URL: options.databaseUrl,
    ...options.env,
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('the server process could not be spawned');
  const pid = child.pid;
  running.add(child);
  child.once('exit', () => running.delete(child));
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const logs: LogCounts = { warn: 0, error: 0 };
  const tail: string[] = [];
  watchOutput(child, log, logs, tail);
  const origin = `http://127.0.0.1:${port}`;

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  const finish = async () => {
    await exited(child);
    await new Promise<void>((resolve) => log.end(() => resolve()));
  };

  try {
    await waitForHealth(origin, child, options.startTimeoutMs ?? 60_000, tail);
  } catch (error) {
    signalGroup('SIGKILL');
    await finish();
    throw error;
  }

  return {
    origin,
    port,
    pid,
    logs,
    tail: () => [...tail],
    stop: async () => {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 15_000);
      await finish();
      clearTimeout(timer);
    },
    kill9: async () => {
      signalGroup('SIGKILL');
      await finish();
    },
  };
}
