import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './open-pglite.js';
import { SharedSession } from './shared-session.js';

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
  server = new SharedSession(db).server();
  await new Promise<void>((resolve) => server.listen(join(folder, '.s.PGSQL.5432'), resolve));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
  await new Promise((resolve) => server.close(resolve));
  await db.close();
  await rm(folder, { recursive: true, force: true });
});

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
    const ask = (client: pg.Client, text: string, n: number) =>
      client.query<{ v: string }>({ name: 'the_same_name', text, values: [n] });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        n % 2 ? ask(a, "SELECT 'a' || $1::int AS v", n) : ask(b, "SELECT 'b' || $1::int AS v", n),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]?.v)).toEqual(
      Array.from({ length: 10 }, (_, n) => `${n % 2 ? 'a' : 'b'}${n}`),
    );
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
});
