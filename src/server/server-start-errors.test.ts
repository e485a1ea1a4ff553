import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNothingSecret, lines, startServer } from './testing/server-process.js';

/**
 * The real server process (src/server/server.ts) failing to start for an operator's usual
 * reasons: it exits 1 with one line that says what to do, not a stack trace, and prints nothing
 * secret on the way (server-start-errors.postgres.test.ts has the PostgreSQL ones).
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

describe('a server that cannot start', () => {
  it('names the taken port and what to do, in one line, and prints no demo password first', async () => {
    const { port, server } = await listening();
    held.push(server);
    const admin = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Boss-Secret-Pass9' };
    const { code, stdout, stderr } = await startServer({
      PORT: String(port),
      DATABASE_URL: 'memory://',
      SEED: 'demo',
      LOG_LEVEL: 'info',
      ...admin,
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      `Twang could not start: port ${port} on 127.0.0.1 is already in use. Stop the program using it, or set PORT to another port.`,
    ]);
    // The catalogue was seeded, but its passwords wait for a start that listens.
    expect(stdout).toContain('Demo catalogue ready');
    expect(stdout).not.toMatch(/Demo accounts|password: /);
    expectNothingSecret(stdout + stderr, [admin.ADMIN_PASSWORD]);
  }, 60_000);

  it('names the PostgreSQL server that does not answer, in one line', async () => {
    const closed = await freePort();
    const { code, stderr } = await startServer({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://postgres:Db-Secret-9@127.0.0.1:${closed}/twang`,
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      `Twang could not start: PostgreSQL at 127.0.0.1:${closed} does not answer (ECONNREFUSED). Start it, or check DATABASE_URL.`,
    ]);
    expectNothingSecret(stderr, ['Db-Secret-9']);
  }, 30_000);

  it('says a DATABASE_URL that is not a URL is not one, without printing it', async () => {
    const { code, stderr } = await startServer({
      PORT: String(await freePort()),
      DATABASE_URL: 'postgres://twang:Db-Secret-9@db.example.com:not-a-port/twang',
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      'Twang could not start: DATABASE_URL is not a valid URL. Write it as postgres://user:password@host:5432/database, with any special character of the password percent-encoded.',
    ]);
    expectNothingSecret(stderr, ['Db-Secret-9', 'db.example.com']);
  }, 30_000);
});
