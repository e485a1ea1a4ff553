import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused). */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: listen,
  };
}

let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
let t: TestApp;

beforeAll(async () => {
  const database = new URL(process.env.TEST_DATABASE_URL!);
  proxy = await startCuttableProxy({
    host: database.hostname,
    port: Number(database.port || 5432),
  });
  t = await createTestApp({
    postgresVia: (url) => {
      const via = new URL(url);
      via.hostname = '127.0.0.1';
      via.port = String(proxy.port);
      return via.toString();
    },
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
// Every search asks for a page not yet cached, so it needs the database.
let searches = 0;
const freshSearch = () => get(`/api/search/outage${++searches}`);

describe('when the database goes away', () => {
  it('answers 503 with a clear message, fails /healthz, and recovers by itself', async () => {
    expect((await freshSearch()).statusCode).toBe(200);
    expect((await get('/api/home')).statusCode).toBe(200);
    expect((await get('/healthz')).statusCode).toBe(200);

    await proxy.cut();
    const read = await freshSearch();
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    expect(read.json()).toMatchObject({ status: 503, data: null });
    expect(read.json().message).toMatch(/database is not answering/);
    const health = await get('/healthz');
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toEqual({ database: 'down' });
    // The home page was cached before the outage, so visitors still get it.
    expect((await get('/api/home')).statusCode).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await freshSearch()).statusCode, { timeout: 15_000 }).toBe(200);
    expect((await get('/healthz')).statusCode).toBe(200);
  }, 60_000);
});
