/**
 * Starts a production Twang server from source in a child process (`node --import tsx`, so the pid
 * is the real server and `kill -9` hits it), waits for /healthz, and stops or kills it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, serverEnv, sleep, watchServerOutput } from '../lib/server-child.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

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
  const env = serverEnv(port, { DATABASE_URL: options.databaseUrl, ...options.env });
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
  const { counts: logs, tail } = watchServerOutput(child, log, 40);
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
