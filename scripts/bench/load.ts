/**
 * The load process: forked by the bench so the client's CPU is not the server's. It receives one
 * scenario at a time over IPC, runs autocannon, and answers the figures. Latencies are taken from
 * autocannon's per-response times (sub-millisecond), not its whole-millisecond histogram.
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import type { LoadReply, LoadRequest, LoadResult, LoadScenario } from './scenario.js';

/**
 * autocannon appends every response body to a string, for body checks this bench does not use.
 * On binary bodies (the brotli bundle) that decoding made the client, not the server, the limit:
 * about 350 answers/s of 95 KB where the server could give ten times more. Keeping no bodies
 * removes that cost from the endpoint runs and the ceiling runs alike.
 */
const requireFromHere = createRequire(import.meta.url);
const responseQueue = requireFromHere('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody: (data: Buffer) => void };
};
responseQueue.prototype.addBody = () => undefined;

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

async function runScenario(scenario: LoadScenario): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let bytes = 0;
  let next = 0;
  const lists = scenario.perConnection.map((list) =>
    list.map((spec) => ({
      method: spec.method,
      path: spec.path,
      headers: spec.headers ?? {},
      ...(spec.body === undefined ? {} : { body: spec.body }),
    })),
  );
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: scenario.origin,
        connections: scenario.connections,
        ...(scenario.amount === undefined
          ? { duration: scenario.durationSeconds }
          : { amount: scenario.amount }),
        // autocannon stops on a sampling tick (every second by default), so a 0.2 s warm-up
        // would last a whole second; its per-tick samples are not used here.
        sampleInt: 100,
        requests: lists[0],
        // Each connection gets its own list: its own user, its own rotation of ids.
        setupClient: (client) => {
          client.setRequests(lists[next % lists.length]!);
          next += 1;
        },
      },
      (error: unknown, done: autocannon.Result) => (error ? reject(toError(error)) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, resBytes, responseTime) => {
      latencies.push(responseTime);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      bytes += resBytes;
    });
  });
  const sorted = Float64Array.from(latencies).sort();
  const responses = sorted.length;
  const seconds = result.duration > 0 ? result.duration : scenario.durationSeconds;
  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    responses,
    seconds,
    requestsPerSecond: responses / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    meanMs: responses > 0 ? sorted.reduce((sum, value) => sum + value, 0) / responses : 0,
    maxMs: responses > 0 ? sorted[responses - 1]! : 0,
    non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    meanBytes: responses > 0 ? bytes / responses : 0,
  };
}

process.on('message', (message: LoadRequest) => {
  runScenario(message.scenario).then(
    (result) => process.send?.({ id: message.id, result } satisfies LoadReply),
    (error: unknown) =>
      process.send?.({
        id: message.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies LoadReply),
  );
});
// The bench going away (even killed) closes the channel: nothing is left running.
process.on('disconnect', () => process.exit(0));
