/**
 * npm run bench: a first load benchmark. Starts the app in this process on an in-memory embedded
 * database with the demo catalogue, then keeps CONNECTIONS requests in flight against each endpoint
 * for SECONDS and prints req/s and latency percentiles. (The full suite with ceilings, PostgreSQL and
 * a second load process is issue 5's work.)
 */
import { buildApp } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/client.js';
import { loadConfig } from '../src/server/env.js';
import { prepareDatabase } from '../src/server/setup/prepare-database.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const config = loadConfig({
  ...process.env,
  DATABASE_URL: 'memory://',
  SEED: 'demo',
  LOG_LEVEL: 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
  // The load comes from one address; the per-address limits would measure themselves.
  RATE_LIMIT_SCALE: '100000',
});
const database = await openDatabase({ url: 'memory://' });
const app = await buildApp({ config, database });
const log = console.log;
console.log = () => undefined; // the demo passwords are of no use here
await prepareDatabase(app);
console.log = log;
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

async function measure(path: string): Promise<void> {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(origin + path);
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `${path.padEnd(28)} ${(latencies.length / SECONDS).toFixed(0).padStart(6)} req/s   p50 ${at(0.5).padStart(6)} ms   p99 ${at(0.99).padStart(6)} ms   errors ${failures}`,
  );
}

console.log(
  `Benchmark: ${CONNECTIONS} connections, ${SECONDS} s per endpoint, embedded database, demo catalogue`,
);
for (const path of [
  '/api/home',
  '/api/videos/10',
  '/api/tag/1',
  '/api/search/jonny',
  '/api/featured-artists',
  '/healthz',
]) {
  await measure(path);
}
await app.close();
await database.close();
