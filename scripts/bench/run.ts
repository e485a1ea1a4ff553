/**
 * npm run bench [-- --smoke]: the bench suite of issue 5. Runs the production build as a child
 * process on PostgreSQL (the 100k catalogue) and on the embedded database (demo size), loads it
 * from a second process (autocannon), compares each endpoint with a bare Node http server giving a
 * same-size answer (the ceiling), and prints the figures next to the targets. The full run
 * exits 1 when a target is missed; the smoke run only when something crashed or an endpoint
 * answered errors only.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { killAllChildren, REPO_ROOT } from './children.js';
import { snapshotBuild } from './build-snapshot.js';
import { startCeiling } from './ceiling-client.js';
import { runEmbeddedPhase } from './embedded-phase.js';
import { runEmbeddedScalePhase } from './embedded-scale-phase.js';
import { startLoader } from './load-client.js';
import type { BenchContext } from './measure.js';
import type { PhaseOutput, PhaseRun } from './phase.js';
import { runPostgresPhase } from './postgres-phase.js';
import { describeMachine, printReport, writeReport } from './report.js';
import { readSettings } from './settings.js';

const RESULTS_DIR = join(REPO_ROOT, 'bench-results');
// Server logs stream into it from the first phase on; a fresh clone has no such folder.
mkdirSync(RESULTS_DIR, { recursive: true });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the bench and its processes`);
    killAllChildren();
    process.exit(130);
  });
}
process.on('exit', () => killAllChildren());

const settings = readSettings(process.argv.slice(2));
const startedAt = performance.now();
const loadAtStart = loadavg()[0]!;
console.log(
  `Twang bench (${settings.smoke ? 'smoke' : 'full'}): ${settings.connections} connections, ` +
    `${settings.seconds} s per endpoint, PostgreSQL at ${new URL(settings.databaseUrl).pathname.slice(1)}`,
);

const output: PhaseOutput = { rows: [], figures: [], problems: [], postgresVersion: 'unknown' };
const { rows, figures, problems } = output;
let crashed = false;

const build = snapshotBuild();
const loader = startLoader();
const ceiling = await startCeiling();
const context: BenchContext = {
  build,
  loader,
  ceiling,
  seconds: settings.seconds,
  warmupSeconds: settings.warmupSeconds,
};

async function phase(name: string, run: () => Promise<void>): Promise<void> {
  console.log(`\n--- ${name} ---`);
  const phaseStarted = performance.now();
  try {
    await run();
    console.log(
      `${name} phase done in ${((performance.now() - phaseStarted) / 1000).toFixed(0)} s.`,
    );
  } catch (error) {
    crashed = true;
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`${name} phase crashed: ${message}`);
    problems.push(
      `${name} phase crashed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

try {
  const run: PhaseRun = { settings, context, resultsDir: RESULTS_DIR, output };
  await phase('PostgreSQL', () => runPostgresPhase(run));
  if (settings.only === null || settings.only.test('embedded')) {
    await phase('Embedded database (PGlite)', () => runEmbeddedPhase(run));
  }
  if (settings.only === null || settings.only.test('embedded, scale')) {
    await phase('Embedded at scale', () => runEmbeddedScalePhase(run));
  }
} finally {
  await loader.close();
  await ceiling.close();
}

for (const row of rows) {
  const name = `${row.phase}: ${row.name}`;
  if (row.result.responses > 0 && row.result.non2xx === row.result.responses) {
    problems.push(
      `${name}: every answer was an error (${Object.keys(row.result.statusCodes).join(', ')})`,
    );
  } else if (row.result.responses === 0) {
    problems.push(`${name}: no answer at all (${row.result.errors} connection errors/time-outs)`);
  } else if (row.result.non2xx + row.result.errors > 0) {
    problems.push(
      `${name}: ${row.result.non2xx} non-2xx answers and ${row.result.errors} connection errors out of ${row.result.responses}`,
    );
  }
}
for (const row of rows.filter((row) => row.sampleFailures.length > 0)) {
  problems.push(
    `${row.phase}: ${row.name}: ${row.sampleFailures.length} sample answer(s) were not right, e.g. ${row.sampleFailures[0]}`,
  );
}
const erroredOnly = rows.some((row) => row.result.responses === row.result.non2xx);

const report = {
  settings,
  machine: describeMachine(output.postgresVersion, loadAtStart),
  rows,
  figures,
  problems,
  wallSeconds: (performance.now() - startedAt) / 1000,
};
printReport(report);
writeReport(report, RESULTS_DIR);
console.log(`Written to ${join(RESULTS_DIR, 'latest.json')} and latest.md.`);

const missed = [
  ...rows.map((row) => row.verdict.met),
  ...figures.map((figure) => figure.met),
].filter((met) => met === false).length;
if (!settings.smoke && missed > 0) console.log(`${missed} target(s) missed.`);
process.exit(crashed || erroredOnly || (!settings.smoke && missed > 0) ? 1 : 0);
