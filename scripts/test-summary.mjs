// Prints one closing line for CI, 'Tests: N passed, N failed', from the JSON reports of Vitest and
// Playwright. Exits non-zero when a report is missing or anything failed.
import { existsSync, readFileSync } from 'node:fs';

const reports = [
  ['test-results/vitest.json', (r) => [r.numPassedTests, r.numFailedTests]],
  ['test-results/playwright.json', (r) => [r.stats.expected + r.stats.flaky, r.stats.unexpected]],
];
let passed = 0;
let failed = 0;
let missing = false;
for (const [file, read] of reports) {
  if (!existsSync(file)) {
    console.log(`(no report at ${file})`);
    missing = true;
    continue;
  }
  const [p, f] = read(JSON.parse(readFileSync(file, 'utf8')));
  passed += p;
  failed += f;
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || missing ? 1 : 0);
