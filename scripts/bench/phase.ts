/** What the bench's phases (PostgreSQL, embedded, embedded at scale) share. */
import { join } from 'node:path';
import type { Endpoint } from './endpoint.js';
import { loopDelayFigure, memoryFigure, peakRisersFigure, type Figure } from './figures.js';
import { measureEndpoint, type BenchContext, type Row } from './measure.js';
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

/**
 * The mixed load measured on a phase's server (`label` names it in the figures), with the
 * event-loop delay under it and the server's memory after it.
 */
export async function measureMixedLoad(
  run: PhaseRun,
  server: BenchServer,
  phase: string,
  label: string,
  mixed: Endpoint,
): Promise<void> {
  const row = await measureEndpoint(run.context, server, phase, mixed);
  run.output.rows.push(row);
  run.output.figures.push(
    loopDelayFigure(
      `event-loop delay, ${label}, mixed load (${mixed.connections} conn)`,
      row.loopDelay,
    ),
    memoryFigure(
      `server RSS (VmHWM), ${label}, after the load`,
      server.peakRssMb(),
      server.rssMb(),
    ),
    peakRisersFigure(
      `server RSS peak, ${label}: the rows that raised it most`,
      run.output.rows.filter((each) => each.phase === phase),
    ),
  );
}
