/** What the bench's phases (PostgreSQL, embedded, embedded at scale) share. */
import { join } from 'node:path';
import { rotations, spread, type Endpoint } from './endpoint.js';
import type { Figure } from './figures.js';
import type { BenchContext, Row } from './measure.js';
import type { RequestSpec } from './scenario.js';
import { startBenchServer, type BenchServer } from './server-process.js';
import type { BenchSettings } from './settings.js';

/**
 * What a phase found, filled in as it goes: a phase that crashes half-way keeps what it measured
 * before.
 */
export interface PhaseOutput {
  rows: Row[];
  figures: Figure[];
  /** Things that went wrong but did not stop the phase. */
  problems: string[];
  postgresVersion: string;
}

/** What a phase runs with, and where it writes its files and findings. */
export interface PhaseRun {
  settings: BenchSettings;
  context: BenchContext;
  resultsDir: string;
  output: PhaseOutput;
}

/** The production server for a phase: its log and event-loop probe in resultsDir, by `name`. */
export function startPhaseServer(
  run: PhaseRun,
  name: string,
  env: Record<string, string>,
): Promise<BenchServer> {
  return startBenchServer({
    build: run.context.build,
    env,
    logFile: join(run.resultsDir, `server-${name}.log`),
    probeFile: join(run.resultsDir, `.loop-delay-${name}.json`),
  });
}

/** A problem the server's log shows (errors, warnings) goes in the report's problems. */
export function noteServerLog(run: PhaseRun, server: BenchServer, label: string): void {
  const problem = server.logProblem(label);
  if (problem) run.output.problems.push(problem);
}

/** The mixed load: every connection goes through the same reads, each from its own place. */
export function mixedEndpoint(name: string, list: RequestSpec[], connections: number): Endpoint {
  return {
    name,
    connections,
    perConnection: rotations(list, connections),
    samples: spread(list, 16),
    targets: [],
  };
}
