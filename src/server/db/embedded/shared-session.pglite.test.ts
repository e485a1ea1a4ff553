import { mkdtemp, rm } from 'node:fs/promises';
import { connect as connectSocket, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './open-pglite.js';
import { SharedSession } from './shared-session.js';
import { protocolMessage as message } from '@server/testing/protocol-message.js';

// In this thread, to watch the session itself; the server's own path (a worker) is what every
// other test in this project runs on (testing/test-app.ts).
let db: PGlite;
let server: Server;
let folder: string;
const clients: pg.Client[] = [];

beforeAll(async () => {
  db = await openPglite({});
  await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
  folder = await mkdtemp(join(tmpdir(), 'twang-session-test-'));
  // A client holding the session idle is cut off after this long (30 s in the server).
  server = new SharedSession(db, { holderIdleMs: 300 }).server();
  await new Promise<void>((resolve) => server.listen(join(folder, '.s.PGSQL.5432'), resolve));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  await new Promise((resolve) => server.close(resolve));
  await db.close();
  await rm(folder, { recursive: true, force: true });
});

const zeros = (bytes: number) => Buffer.alloc(bytes);

/** A raw connection past its startup (ReadyForQuery seen), for sending what pg never would. */
async function rawConnection(): Promise<Socket> {
  const socket = connectSocket(join(folder, '.s.PGSQL.5432'));
  const params = Buffer.from('user\0postgres\0database\0template1\0\0');
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length, 0);
  startup.writeInt32BE(196_608, 4);
  socket.write(Buffer.concat([startup, params]));
  await new Promise<void>((resolve) => {
    socket.on('data', (data) => {
      if (data.includes(Buffer.from('Z\0\0\0\x05'))) resolve();
    });
  });
  return socket;
}

async function closeRaw(socket: Socket): Promise<void> {
  await new Promise((resolve) => {
    socket.once('close', resolve);
    socket.destroy();
  });
}

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({
    host: folder,
    port: 5432,
    user: 'postgres',
    database: 'template1',
  });
  await client.connect();
  clients.push(client);
  return client;
}

describe('one PGlite session shared by several connections', () => {
  it('keeps each connection’s prepared statements apart, even under the same name', async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    // Each client asks one query at a time, as pg's pool does; the two interleave.
    const asked = await Promise.all(
      [a, b].map(async (client, which) => {
        const answers: (string | undefined)[] = [];
        for (let n = 0; n < 5; n++) {
          const answer = await client.query<{ v: string }>({
            name: 'the_same_name',
            text: which === 0 ? "SELECT 'a' || $1::int AS v" : "SELECT 'b' || $1::int AS v",
            values: [n],
          });
          answers.push(answer.rows[0]?.v);
        }
        return answers;
      }),
    );
    expect(asked).toEqual([
      ['a0', 'a1', 'a2', 'a3', 'a4'],
      ['b0', 'b1', 'b2', 'b3', 'b4'],
    ]);
  });

  it('gives a transaction the session until it ends: no one else runs inside it', async () => {
    const [writer, reader] = await Promise.all([connect(), connect()]);
    await writer.query('BEGIN');
    await writer.query('INSERT INTO notes VALUES (1, $1)', ['draft']);
    const order: string[] = [];
    const read = reader
      .query<{ n: number }>('SELECT count(*)::int AS n FROM notes')
      .then((answer) => {
        order.push('read');
        return answer.rows[0]?.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await writer.query('ROLLBACK');
    order.push('rolled back');
    // Had the read run inside the writer's transaction, it would have counted the draft.
    expect(await read).toBe(0);
    expect(order).toEqual(['rolled back', 'read']);
  });

  it('rolls back the transaction of a connection that goes away, and carries on', async () => {
    const [leaver, stayer] = await Promise.all([connect(), connect()]);
    await leaver.query('BEGIN');
    await leaver.query("INSERT INTO notes VALUES (2, 'lost')");
    const read = stayer.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
    await leaver.end();
    expect((await read).rows[0]?.n).toBe(0);
    await stayer.query("INSERT INTO notes VALUES (3, 'kept')");
    expect((await stayer.query('SELECT id FROM notes')).rows).toEqual([{ id: 3 }]);
  });

  it("answers one connection's error to it alone", async () => {
    const [failing, fine] = await Promise.all([connect(), connect()]);
    const results = await Promise.allSettled([
      failing.query('SELECT * FROM no_such_table WHERE id = $1', [1]),
      fine.query<{ v: number }>('SELECT $1::int AS v', [7]),
    ]);
    expect(results[0].status).toBe('rejected');
    expect(results[1]).toMatchObject({ status: 'fulfilled', value: { rows: [{ v: 7 }] } });
    expect((await failing.query<{ v: number }>('SELECT 1 AS v')).rows).toEqual([{ v: 1 }]);
  });

  it('undoes what a client left open when it went mid-exchange, before anyone else runs', async () => {
    const other = await connect();
    // An INSERT executed without its Sync, inside no transaction: PostgreSQL would abort it.
    const unsynced = await rawConnection();
    unsynced.write(
      Buffer.concat([
        message('P', '', 'INSERT INTO notes VALUES (10, $$unsynced$$)', zeros(2)),
        message('B', '', '', zeros(6)),
        message('E', '', zeros(4)),
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeRaw(unsynced);
    // A failed Parse without its Sync: the backend skips everything until one.
    const failed = await rawConnection();
    failed.write(message('P', '', 'SELEC oops', zeros(2)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeRaw(failed);
    expect((await other.query('SELECT id FROM notes WHERE id = 10')).rows).toEqual([]);
    expect((await other.query<{ v: number }>('SELECT $1::int AS v', [5])).rows).toEqual([{ v: 5 }]);
    expect((await other.query<{ v: number }>('SELECT 6 AS v')).rows).toEqual([{ v: 6 }]);
  });

  it("frees a connection's prepared statements when it goes", async () => {
    const [leaver, watcher] = await Promise.all([connect(), connect()]);
    await leaver.query({ name: 'soon_gone', text: 'SELECT 1', values: [] });
    const prepared = () =>
      watcher
        .query<{ name: string }>(
          "SELECT name FROM pg_prepared_statements WHERE name LIKE '%soon_gone'",
        )
        .then((answer) => answer.rows.length);
    expect(await prepared()).toBe(1);
    await leaver.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await prepared()).toBe(0);
  });

  it('cuts off a client that sends what is not the protocol, and serves the others', async () => {
    const other = await connect();
    const bad = await rawConnection();
    const closed = new Promise((resolve) => bad.once('close', resolve));
    bad.write(Buffer.from([0x51, 0xff, 0xff, 0xff, 0xff]));
    await closed;
    expect((await other.query<{ v: number }>('SELECT $1::int AS v', [8])).rows).toEqual([{ v: 8 }]);
  });

  it('cuts off a client that holds the session idle, and rolls its work back', async () => {
    const [idler, other] = await Promise.all([connect(), connect()]);
    idler.on('error', () => undefined);
    await idler.query('BEGIN');
    await idler.query("INSERT INTO notes VALUES (20, 'idle')");
    const read = await other.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notes WHERE id = 20',
    );
    expect(read.rows[0]?.n).toBe(0);
    await expect(idler.query('COMMIT')).rejects.toThrow();
  });
});

describe('closing', () => {
  it('resets nothing for a socket that reports its close after the database is gone', async () => {
    const own = await openPglite({});
    const errors: unknown[] = [];
    const session = new SharedSession(own, { onError: (error) => errors.push(error) });
    const ownFolder = await mkdtemp(join(tmpdir(), 'twang-session-close-'));
    const ownServer = session.server();
    await new Promise<void>((resolve) =>
      ownServer.listen(join(ownFolder, '.s.PGSQL.5432'), resolve),
    );
    const socket = connectSocket(join(ownFolder, '.s.PGSQL.5432'));
    await new Promise((resolve) => socket.once('connect', resolve));
    await session.close();
    await own.close();
    // A connection's close arriving now (a slow socket at shutdown) finds nothing to reset.
    const late = { isClosed: () => true } as unknown as Parameters<SharedSession['closed']>[0];
    session.closed(late);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors).toEqual([]);
    socket.destroy();
    await new Promise((resolve) => ownServer.close(resolve));
    await rm(ownFolder, { recursive: true, force: true });
  });
});
