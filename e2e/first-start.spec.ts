import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * `npm start`'s first start, as built: the server on a new embedded database with the demo. It
 * copies the build's demo database (dist/server/demo-data) instead of creating one, and is then
 * the demo site: its rows, and the demo administrator's password, printed once, signing in.
 */
test('a first start copies the build’s demo database, and the demo accounts sign in', async ({
  request,
}) => {
  test.setTimeout(60_000);
  const work = await mkdtemp(join(tmpdir(), 'twang-first-start-'));
  const dataDir = join(work, 'data');
  // Its own folder as working directory: no .env of this checkout is read.
  const server = spawn(process.execPath, [resolve('dist/server/server.js')], {
    cwd: work,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      SEED: 'demo',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      CLIENT_DIR: resolve('dist/client'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output, { timeout: 45_000 }).toMatch(/password: \S+\n\n/);
    const origin = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
    // The first-run child, which creates and seeds a database, logs this line; a copy does not.
    expect(output).not.toContain('Seeding the demo catalogue');
    // Copied into a folder of its own, then moved into place: nothing of it is left.
    expect(existsSync(join(dataDir, '.twang-demo-copy'))).toBe(false);
    // The database's files are the owner's alone, as PostgreSQL keeps them.
    expect((await stat(join(dataDir, 'PG_VERSION'))).mode & 0o777).toBe(0o600);

    const home = await request.get(`${origin}/api/home`);
    expect(home.status()).toBe(200);
    const rows = ((await home.json()) as { data: { categories: unknown[] } }).data.categories;
    expect(rows).toHaveLength(8);
    const password = /admin\s+email: admin\s+password: (\S+)/.exec(output)![1]!;
    const signIn = await request.post(`${origin}/api/login`, {
      data: { email: 'admin', password },
    });
    expect(signIn.status()).toBe(201);
  } finally {
    // A server that already stopped (a failed start) sends no more 'exit'.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(work, { recursive: true, force: true });
  }
});
