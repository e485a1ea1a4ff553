/**
 * The bench's two sizes: the full run (the 100k catalogue, 50 connections, 10 s per
 * endpoint) and --smoke (a tiny catalogue, 1 s per endpoint, a few connections) that CI runs so
 * the bench never rots. BENCH_SECONDS / BENCH_CONNECTIONS override the full run's figures.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SCALE_SIZE, type ScaleSize } from '../seed-scale.js';

export interface BenchSettings {
  smoke: boolean;
  size: ScaleSize;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  databaseUrl: string;
  /** Rows whose name matches this run (`--only <regex>`); phases with none are skipped. */
  only: RegExp | null;
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export function readSettings(argv: string[]): BenchSettings {
  const { values } = parseArgs({
    args: argv,
    options: { smoke: { type: 'boolean' }, only: { type: 'string' } },
  });
  const smoke = values.smoke === true;
  const base = smoke
    ? {
        size: { videos: 300, artists: 60, tags: 40, users: 200, likes: 1000 },
        connections: 4,
        seconds: 1,
        warmupSeconds: 0.2,
        database: 'twang_bench_smoke',
      }
    : {
        size: DEFAULT_SCALE_SIZE,
        connections: positive('BENCH_CONNECTIONS', 50),
        seconds: positive('BENCH_SECONDS', 10),
        warmupSeconds: 1,
        database: 'twang_bench',
      };
  return {
    smoke,
    size: base.size,
    connections: Math.round(base.connections),
    seconds: base.seconds,
    warmupSeconds: base.warmupSeconds,
    databaseUrl: databaseUrl(base.database, smoke),
    only: values.only ? new RegExp(values.only, 'i') : null,
  };
}

/**
 * BENCH_DATABASE_URL names the full run's database; the smoke run uses `<name>_smoke` beside it,
 * so a smoke run never reseeds (and so wipes) the large catalogue.
 */
function databaseUrl(defaultName: string, smoke: boolean): string {
  const configured = process.env.BENCH_DATABASE_URL;
  if (!configured) return `postgres://postgres@127.0.0.1:5432/${defaultName}`;
  if (!smoke) return configured;
  const url = new URL(configured);
  url.pathname = `${url.pathname}_smoke`;
  return url.toString();
}
