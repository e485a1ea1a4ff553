/**
 * The production server as the bench runs it: `<npm run serve's settings> node <its flags>
 * --import loop-delay-probe.mjs dist/server/server.js` (from the run's copy of the build) in a
 * child process, so its pid is the server's for /proc; timed from spawn to the first 200 of
 * /api/home, with its event-loop delay and peak memory readable.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildSnapshot } from './build-snapshot.js';
import { exited, isRunning, REPO_ROOT, track } from './children.js';
import { send } from './http.js';
import {
  freePort,
  servedCommand,
  serverEnv,
  sleep,
  watchServerOutput,
} from '../lib/server-child.js';

export interface LoopDelay {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

export interface BenchServer {
  origin: string;
  pid: number;
  /** Spawn to the first 200 of /api/home. */
  coldStartMs: number;
  /** VmHWM: the process's peak resident memory so far, in MB. */
  peakRssMb: () => number;
  /** VmRSS: resident memory now, in MB. */
  rssMb: () => number;
  /** The loop delays since the previous call (the first call only starts the window). */
  loopDelay: () => Promise<LoopDelay>;
  /** Warnings and errors the server logged (pino levels 40 and 50+). */
  /** A line for the report when the server logged warnings or errors (pino 40 and 50+), else null. */
  logProblem: (label: string) => string | null;
  stop: () => Promise<void>;
}

function memoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kb === undefined ? NaN : Number(kb) / 1024;
}

export async function startBenchServer(options: {
  build: BuildSnapshot;
  env: Record<string, string>;
  logFile: string;
  probeFile: string;
  startTimeoutMs?: number;
}): Promise<BenchServer> {
  const port = await freePort();
  const served = servedCommand(REPO_ROOT);
  const env = serverEnv(port, {
    ...served.env,
    CLIENT_DIR: options.build.clientDir,
    BENCH_LOOP_DELAY_FILE: options.probeFile,
    ...options.env,
  });
  rmSync(options.probeFile, { force: true });
  const probe = pathToFileURL(join(REPO_ROOT, 'scripts/bench/loop-delay-probe.mjs')).href;
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [...served.nodeFlags, '--import', probe, options.build.serverEntry], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server could not be spawned');
  const log = createWriteStream(options.logFile, { flags: 'w' });
  child.once('exit', () => log.end());
  const { counts, tail } = watchServerOutput(child, log, 30);
  const origin = `http://127.0.0.1:${port}`;

  // Poll every 10 ms: the figure is spawn -> first 200 of the home page's API.
  const deadline = started + (options.startTimeoutMs ?? 120_000);
  let coldStartMs = -1;
  while (performance.now() < deadline) {
    if (!isRunning(child)) {
      throw new Error(`the server exited during start:\n${tail.join('\n')}`);
    }
    try {
      const response = await send(origin, { method: 'GET', path: '/api/home' }, 2000);
      if (response.status === 200) {
        coldStartMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  if (coldStartMs < 0) {
    child.kill('SIGKILL');
    throw new Error(`the server did not answer /api/home in time:\n${tail.join('\n')}`);
  }

  let lastSeq = 0;
  const readProbe = (): (LoopDelay & { seq: number }) | null => {
    if (!existsSync(options.probeFile)) return null;
    return JSON.parse(readFileSync(options.probeFile, 'utf8')) as LoopDelay & { seq: number };
  };

  return {
    origin,
    pid,
    coldStartMs,
    peakRssMb: () => memoryMb(pid, 'VmHWM'),
    rssMb: () => memoryMb(pid, 'VmRSS'),
    loopDelay: async () => {
      child.kill('SIGUSR2');
      const until = performance.now() + 5000;
      while (performance.now() < until) {
        const report = readProbe();
        if (report && report.seq > lastSeq) {
          lastSeq = report.seq;
          return {
            samples: report.samples,
            p50Ms: report.p50Ms,
            p99Ms: report.p99Ms,
            maxMs: report.maxMs,
            meanMs: report.meanMs,
          };
        }
        await sleep(5);
      }
      throw new Error('the loop-delay probe did not answer');
    },
    logProblem: (label) =>
      counts.error > 0 || counts.warn > 0
        ? `the ${label} logged ${counts.error} errors and ${counts.warn} warnings (see ${options.logFile})`
        : null,
    stop: async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}
