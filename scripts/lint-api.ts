/**
 * npm run lint:api — lints the OpenAPI document the server generates, with Redocly's rules
 * (redocly.yaml says which and why), built from the routes in-process (lib/offline-app.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withOfflineApp } from './lib/offline-app.js';

const dir = await mkdtemp(path.join(tmpdir(), 'twang-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(await withOfflineApp((app) => app.swagger()), null, 2));
  const redocly = path.join('node_modules', '.bin', 'redocly');
  const lint = spawnSync(redocly, ['lint', file, '--config', 'redocly.yaml'], {
    stdio: 'inherit',
  });
  process.exitCode = lint.status ?? 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
