import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../shared/messages/api.js';

/**
 * The real server process (src/server/server.ts) on SIGTERM: requests already in flight are
 * finished and answered, new connections are refused, and it exits 0 once the database is closed.
 */

let server: ChildProcess;
let exited: Promise<number | null>;
let origin = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: './no-client-here',
      ADMIN_EMAIL: 'drain@example.com',
      ADMIN_PASSWORD: 'Drain-Test-Pass9',
    },
    stdio: 'ignore',
  });
  exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${origin}/healthz`).catch(() => null))?.status !== 200) {
    if (Date.now() > deadline) throw new Error('the server did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 40_000);
afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
});

describe('SIGTERM', () => {
  it('finishes the requests in flight, refuses new ones and exits 0', async () => {
    // A login hashes with argon2 (tens of ms): it is still running when the signal arrives.
    const inFlight = Array.from({ length: 4 }, () =>
      fetch(`${origin}/api/login`, {
        method: 'POST',
        // Each on its own connection: the keep-alive one left by the start-up polls is idle, and
        // closing idle connections is part of the shutdown.
        headers: { 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ email: 'drain@example.com', password: 'Drain-Test-Pass9' }),
      }),
    );
    // Long enough for the requests to reach the server (a local connect takes ~1 ms), shorter
    // than their hashing.
    await new Promise((resolve) => setTimeout(resolve, 40));
    server.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    const statuses = answers.map((answer) => answer.status);
    // Received before the signal: finished (201). Arrived after it: a clean 503, never a reset.
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect(statuses).toContain(201);
    for (const answer of answers.filter((one) => one.status === 503)) {
      expect((await answer.json()) as unknown).toEqual({
        status: 503,
        data: null,
        message: apiMessages.shuttingDown,
      });
    }
    expect(await exited).toBe(0);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  }, 30_000);
});
