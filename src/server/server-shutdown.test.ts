import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';

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
      // Not about load: on a busy machine the embedded database's start lags the event loop
      // enough for the first requests to be shed (503 'very busy'), which is not the answer here.
      LOAD_SHED_MAX_DELAY_MS: '60000',
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

/**
 * A login whose body arrives in two halves: sent before the signal, its first half makes it a
 * request in flight (the server has its headers) however loaded the machine is; the second half
 * follows the signal.
 */
function loginInTwoHalves(): { sentFirstHalf: Promise<void>; finish: () => Promise<Answer> } {
  const body = JSON.stringify({ email: 'drain@example.com', password: 'Drain-Test-Pass9' });
  const half = Math.floor(body.length / 2);
  const request = httpRequest(`${origin}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
  });
  const sentFirstHalf = new Promise<void>((resolve) =>
    request.write(body.slice(0, half), () => resolve()),
  );
  return {
    sentFirstHalf,
    finish: () => {
      request.end(body.slice(half));
      return answer;
    },
  };
}

interface Answer {
  status: number;
  body: string;
}

describe('SIGTERM', () => {
  it('finishes the requests in flight, refuses new ones and exits 0', async () => {
    const logins = Array.from({ length: 3 }, () => loginInTwoHalves());
    await Promise.all(logins.map((login) => login.sentFirstHalf));
    // Written is not yet read: give the server time to take the headers in, however slow.
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answers = await Promise.all(logins.map((login) => login.finish()));
    // Received before the signal: finished and answered, never cut off.
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    // Arriving after it: a clean 503 while the server drains, or no connection once it has closed.
    const late = await fetch(`${origin}/api/config`).catch(() => null);
    if (late) {
      expect(late.status).toBe(503);
      expect((await late.json()) as unknown).toEqual({
        status: 503,
        data: null,
        message: apiMessages.shuttingDown,
      });
    }
    expect(await exited).toBe(0);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  }, 30_000);
});
