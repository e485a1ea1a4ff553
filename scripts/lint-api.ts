/**
 * npm run lint:api — lints the OpenAPI document the server generates, with Redocly's rules
 * (redocly.yaml says which and why). The document is built from the routes in-process, on an
 * empty in-memory database: generating it runs no query.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { openDatabase } from '../src/server/db/client.js';
import { loadConfig } from '../src/server/env.js';

async function generateDocument(): Promise<unknown> {
  const database = await openDatabase({ url: 'memory://' });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'memory://',
    CLIENT_DIR: './no-client-for-the-api-document',
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'twang-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(await generateDocument(), null, 2));
  const redocly = path.join('node_modules', '.bin', 'redocly');
  const lint = spawnSync(redocly, ['lint', file, '--config', 'redocly.yaml'], {
    stdio: 'inherit',
  });
  process.exitCode = lint.status ?? 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
