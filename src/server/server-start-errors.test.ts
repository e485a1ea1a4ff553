import { spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real server process (src/server/server.ts) failing to start for an operator's usual
 * reasons: it exits 1 with one line that says what to do, not a stack trace.
 */

const held: Server[] = [];
afterAll(() => held.forEach((server) => server.close()));

async function listening(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as AddressInfo).port, server }),
    );
  });
}

async function freePort(): Promise<number> {
  const { port, server } = await listening();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: './no-client-here',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('a server that cannot start', () => {
  it('names the taken port and what to do, in one line', async () => {
    const { port, server } = await listening();
    held.push(server);
    const { code, stderr } = await start({ PORT: String(port), DATABASE_URL: 'memory://' });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      `Twang could not start: port ${port} on 127.0.0.1 is already in use. Stop the program using it, or set PORT to another port.`,
    ]);
  }, 30_000);

  it('names the PostgreSQL server that does not answer, in one line', async () => {
    const closed = await freePort();
    const { code, stderr } = await start({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/twang`,
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      `Twang could not start: PostgreSQL at 127.0.0.1:${closed} does not answer (ECONNREFUSED). Start it, or check DATABASE_URL.`,
    ]);
  }, 30_000);
});
