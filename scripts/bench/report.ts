/**
 * The results: a table per endpoint and the single figures on the terminal, and the same as
 * bench-results/latest.json and a markdown section (bench-results/latest.md) to paste into
 * docs/performance.md.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markOf, type Figure } from './figures.js';
import type { Row } from './measure.js';
import type { BenchSettings } from './settings.js';
import { formatNumber } from './targets.js';

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  postgres: string;
  date: string;
  /**
   * 1-minute load averages when the run started and ended: anything else busy on the machine
   * (a test run, a build) takes CPU from the server and the load process, and shows here.
   */
  loadAverage: { atStart: number; atEnd: number };
}

export function describeMachine(postgres: string, loadAtStart: number): Machine {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    ramGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres,
    date: new Date().toISOString(),
    loadAverage: { atStart: loadAtStart, atEnd: loadavg()[0]! },
  };
}

/** The settings as written out: a password in BENCH_DATABASE_URL stays out of the files. */
function shownSettings(settings: BenchSettings): BenchSettings {
  const url = new URL(settings.databaseUrl);
  if (url.password) url.password = '***';
  return { ...settings, databaseUrl: url.toString() };
}

export interface Report {
  settings: BenchSettings;
  machine: Machine;
  rows: Row[];
  figures: Figure[];
  problems: string[];
  wallSeconds: number;
}

const HEADER = [
  'endpoint',
  'conn',
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'ceiling req/s',
  'ratio',
  'target',
  'met',
];

function cells(row: Row): string[] {
  return [
    `${row.phase === 'PostgreSQL' ? '' : `[${row.phase}] `}${row.name}`,
    String(row.connections),
    formatNumber(row.result.requestsPerSecond, 'rps'),
    formatNumber(row.result.p50Ms, 'p50'),
    formatNumber(row.result.p99Ms, 'p99'),
    String(row.result.non2xx + row.result.errors),
    formatNumber(row.ceiling.requestsPerSecond, 'rps'),
    row.ratio.toFixed(2),
    row.verdict.text || '—',
    row.verdict.mark,
  ];
}

function textTable(header: string[], body: string[][], rightAligned: Set<number>): string {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((line) => line[i]!.length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) =>
        rightAligned.has(i) ? value.padStart(widths[i]!) : value.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...body.map(line),
  ].join('\n');
}

function markdownTable(header: string[], body: string[][]): string {
  const escape = (value: string) => value.replaceAll('|', '\\|');
  return [
    `| ${header.map(escape).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...body.map((line) => `| ${line.map(escape).join(' | ')} |`),
  ].join('\n');
}

function figureCells(figure: Figure): string[] {
  return [figure.name, figure.value, figure.target || '—', markOf(figure)];
}

function machineLine(machine: Machine): string {
  return (
    `${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM; Node ${machine.node}; ` +
    `PostgreSQL ${machine.postgres}; load average ${machine.loadAverage.atStart.toFixed(1)} at ` +
    `start, ${machine.loadAverage.atEnd.toFixed(1)} at end; ${machine.date}`
  );
}

function settingsLine(settings: BenchSettings): string {
  const size = settings.size;
  return (
    `${settings.smoke ? 'smoke run (targets not enforced)' : 'full run'}: ` +
    `${size.videos.toLocaleString('en-US')} videos, ${size.artists.toLocaleString('en-US')} artists, ` +
    `${size.tags.toLocaleString('en-US')} tags, ${size.users.toLocaleString('en-US')} users, ` +
    `${size.likes.toLocaleString('en-US')} likes; ${settings.connections} connections, ` +
    `${settings.seconds} s per endpoint after ${settings.warmupSeconds} s warm-up`
  );
}

export function printReport(report: Report): void {
  console.log('\n=== Results ===');
  console.log(settingsLine(report.settings));
  console.log(`Machine: ${machineLine(report.machine)}\n`);
  console.log(textTable(HEADER, report.rows.map(cells), new Set([1, 2, 3, 4, 5, 6, 7])));
  console.log('');
  console.log(
    textTable(['figure', 'value', 'target', 'met'], report.figures.map(figureCells), new Set()),
  );
  if (report.problems.length > 0) {
    console.log('\nProblems:');
    for (const problem of report.problems) console.log(`  - ${problem}`);
  }
  console.log(`\nWall time ${report.wallSeconds.toFixed(0)} s.`);
}

export function writeReport(report: Report, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const shown = { ...report, settings: shownSettings(report.settings) };
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(shown, null, 2)}\n`);
  const markdown = [
    `## Bench results, ${report.machine.date.slice(0, 10)}`,
    '',
    `${settingsLine(report.settings)}.`,
    '',
    `Machine: ${machineLine(report.machine)}.`,
    '',
    markdownTable(HEADER, report.rows.map(cells)),
    '',
    markdownTable(['figure', 'value', 'target', 'met'], report.figures.map(figureCells)),
    '',
    ...(report.problems.length > 0
      ? ['Problems:', '', ...report.problems.map((problem) => `- ${problem}`), '']
      : []),
  ].join('\n');
  writeFileSync(join(dir, 'latest.md'), markdown);
}
