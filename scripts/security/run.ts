/**
 * npm run test:security: the slow security tests CI does not run on every submission.
 *   1. sqlmap against a production server on PostgreSQL (sqlmap-scan.ts)
 *   2. crash safety: kill -9 mid-burst, 20 cycles, no acknowledged write lost (crash-safety.ts)
 * `npm run test:security -- sqlmap` (or `crash`) runs one part. Exits 1 when a bar is missed.
 */
import { runCrashSafety } from './crash-safety.js';
import { dropAllScratchDatabases } from './postgres.js';
import { killAllServers } from './server-process.js';
import { runSqlmapScan } from './sqlmap-scan.js';
import { heading, type PartResult } from './tools.js';

const PARTS: Record<string, () => Promise<PartResult>> = {
  sqlmap: runSqlmapScan,
  crash: runCrashSafety,
};

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  console.error(`Unknown part(s): ${unknown.join(', ')}; known: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllServers();
    dropAllScratchDatabases();
    process.exit(130);
  });
}

const startedAt = performance.now();
const results: PartResult[] = [];
for (const [name, run] of Object.entries(PARTS)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  try {
    results.push(await run());
  } catch (error) {
    killAllServers();
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    results.push({ name, passed: false, summary: [`did not complete: ${message}`] });
  }
}

heading('Security test summary');
for (const result of results) {
  console.log(`${result.passed ? 'PASS' : 'FAIL'}  ${result.name}`);
  for (const line of result.summary) console.log(`      ${line}`);
}
const minutes = ((performance.now() - startedAt) / 60_000).toFixed(1);
const failed = results.filter((result) => !result.passed).length;
console.log(`\n${results.length - failed} of ${results.length} parts passed in ${minutes} min`);
process.exit(failed > 0 ? 1 : 0);
