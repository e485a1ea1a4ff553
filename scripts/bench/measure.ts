/**
 * Measures one endpoint: sample answers (checked, and the ceiling's body), warm-up, the measured
 * load with the server's event-loop delay over exactly that window, then the ceiling server
 * loaded the same way with an answer of the same size.
 */
import { sleep } from '../lib/server-child.js';
import type { BuildSnapshot } from './build-snapshot.js';
import type { Ceiling, SampleAnswer } from './ceiling-client.js';
import type { Endpoint } from './endpoint.js';
import { send } from './http.js';
import type { Loader } from './load-client.js';
import type { LoadResult } from './scenario.js';
import type { BenchServer, LoopDelay } from './server-process.js';
import { formatNumber, judge, type Verdict } from './targets.js';

export interface BenchContext {
  build: BuildSnapshot;
  loader: Loader;
  ceiling: Ceiling;
  seconds: number;
  warmupSeconds: number;
}

export interface Row {
  phase: string;
  name: string;
  connections: number;
  result: LoadResult;
  ceiling: LoadResult;
  ratio: number;
  loopDelay: LoopDelay;
  verdict: Verdict;
  sample: { bytes: number; contentType: string; contentEncoding: string | null };
  /** Statuses of the sample requests that were not 2xx. */
  sampleFailures: string[];
  /** The server's VmHWM (MB) before the row and after its load: which rows set the peak. */
  peakRss: { beforeMb: number; afterMb: number };
}

async function takeSamples(
  origin: string,
  endpoint: Endpoint,
): Promise<{ answer: SampleAnswer; failures: string[] }> {
  const good: SampleAnswer[] = [];
  const failures: string[] = [];
  let fallback: SampleAnswer | null = null;
  for (const spec of endpoint.samples) {
    const response = await send(origin, spec);
    const answer: SampleAnswer = {
      body: response.body,
      contentType: String(response.headers['content-type'] ?? 'application/json; charset=utf-8'),
      contentEncoding: (response.headers['content-encoding'] as string | undefined) ?? null,
    };
    fallback ??= answer;
    const where = `${spec.method} ${spec.path}`;
    if (response.status < 200 || response.status >= 300) {
      failures.push(`${where} -> ${response.status}`);
    } else if (endpoint.contentType && !endpoint.contentType.test(answer.contentType)) {
      failures.push(`${where} -> ${response.status} but ${answer.contentType}`);
    } else {
      good.push(answer);
    }
  }
  if (good.length === 0) {
    if (!fallback) throw new Error(`${endpoint.name}: no sample requests`);
    return { answer: fallback, failures };
  }
  const mean = good.reduce((sum, answer) => sum + answer.body.length, 0) / good.length;
  const closest = good.reduce((best, answer) =>
    Math.abs(answer.body.length - mean) < Math.abs(best.body.length - mean) ? answer : best,
  );
  return { answer: closest, failures };
}

/**
 * Waits until the server has worked off the previous load: a slow endpoint leaves queries queued
 * in the pool after the client stops, and they would be counted against the next endpoint.
 * /healthz goes through the same pool, so three quick answers in a row mean it is idle.
 */
async function settle(origin: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  let quick = 0;
  while (quick < 3) {
    if (performance.now() > deadline) {
      console.log('    (the server was still busy 30 s after the previous load)');
      return;
    }
    const started = performance.now();
    try {
      const response = await send(origin, { method: 'GET', path: '/healthz' }, 10_000);
      quick = response.status === 200 && performance.now() - started < 50 ? quick + 1 : 0;
    } catch {
      quick = 0;
    }
    await sleep(quick > 0 ? 20 : 200);
  }
}

function errorsOf(result: LoadResult): number {
  return result.non2xx + result.errors;
}

export async function measureEndpoint(
  context: BenchContext,
  server: BenchServer,
  phase: string,
  endpoint: Endpoint,
): Promise<Row> {
  const { loader, ceiling } = context;
  const peakBeforeMb = server.peakRssMb();
  await settle(server.origin);
  const { answer, failures } = await takeSamples(server.origin, endpoint);
  await endpoint.after?.();
  const { once } = endpoint;
  const scenario = (origin: string, durationSeconds: number) => ({
    origin,
    connections: endpoint.connections,
    durationSeconds,
    perConnection: endpoint.perConnection,
    ...(once ? { amount: once.amount } : {}),
  });
  // A first-time page's warm-up asks for pages of its own, so the measured ones stay unseen.
  const warmup = (origin: string) => ({
    origin,
    connections: endpoint.connections,
    durationSeconds: context.warmupSeconds,
    perConnection: once?.warmup ?? endpoint.perConnection,
  });

  await loader.run(warmup(server.origin));
  await server.loopDelay(); // starts the window after the warm-up
  const result = await loader.run(scenario(server.origin, context.seconds));
  const loopDelay = await server.loopDelay();
  const peakAfterMb = server.peakRssMb();
  await endpoint.after?.();

  endpoint.beforeCeiling?.(ceiling.origin);
  await ceiling.answerWith(answer);
  await loader.run(warmup(ceiling.origin));
  const ceilingResult = await loader.run(scenario(ceiling.origin, context.seconds));
  const ratio =
    ceilingResult.requestsPerSecond > 0
      ? result.requestsPerSecond / ceilingResult.requestsPerSecond
      : 0;
  const verdict = judge(endpoint.targets, {
    ratio,
    rps: result.requestsPerSecond,
    p50: result.p50Ms,
    p99: result.p99Ms,
  });
  const row: Row = {
    phase,
    name: endpoint.name,
    connections: endpoint.connections,
    result,
    ceiling: ceilingResult,
    ratio,
    loopDelay,
    verdict,
    sample: {
      bytes: answer.body.length,
      contentType: answer.contentType,
      contentEncoding: answer.contentEncoding,
    },
    sampleFailures: failures,
    peakRss: { beforeMb: peakBeforeMb, afterMb: peakAfterMb },
  };
  const errors = errorsOf(result);
  console.log(
    `  ${endpoint.name.padEnd(34)} ${formatNumber(result.requestsPerSecond, 'rps').padStart(7)} req/s` +
      `  p50 ${formatNumber(result.p50Ms, 'p50').padStart(5)} ms  p99 ${formatNumber(result.p99Ms, 'p99').padStart(6)} ms` +
      `  ceiling ${formatNumber(ceilingResult.requestsPerSecond, 'rps').padStart(7)}  ratio ${ratio.toFixed(2)}` +
      `  ${verdict.mark}${errors > 0 ? `  (${errors} errors: ${describeStatuses(result)})` : ''}`,
  );
  for (const failure of failures) console.log(`    sample answered an error: ${failure}`);
  return row;
}

export function describeStatuses(result: LoadResult): string {
  const codes = Object.entries(result.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}× ${code}`);
  if (result.errors > 0) codes.push(`${result.errors} connection errors/time-outs`);
  return codes.join(', ');
}
