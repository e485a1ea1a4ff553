import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { withDatabase } from './testing/global-setup.js';
import { freshDatabaseName } from './testing/postgres-names.js';
import { expectNothingSecret, lines, startServer } from './testing/server-process.js';

/**
 * The real server process failing to start on PostgreSQL: a bad DATABASE_URL gets one line that
 * names the setting and what to do, never a stack trace; a query refused during start-up gets
 * one line without the values it carried (the configured administrator's password hash, here).
 */

const baseUrl = new URL(process.env.TEST_DATABASE_URL!);
const where = `${baseUrl.hostname}:${baseUrl.port || '5432'}`;
const url = (change: (url: URL) => void) => {
  const copy = new URL(baseUrl);
  change(copy);
  return copy.toString();
};

let admin: pg.Client;
const created: string[] = [];
beforeAll(async () => {
  admin = new pg.Client({ connectionString: baseUrl.toString() });
  await admin.connect();
});
afterAll(async () => {
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

async function freePort(): Promise<string> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(String(port)));
    });
  });
}

describe('a server whose PostgreSQL cannot be used', () => {
  it('names the missing database', async () => {
    const missing = freshDatabaseName();
    const { code, stderr } = await startServer({
      PORT: await freePort(),
      DATABASE_URL: url((copy) => (copy.pathname = `/${missing}`)),
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      `Twang could not start: PostgreSQL at ${where} has no database "${missing}". Create it (createdb), or check the database name in DATABASE_URL.`,
    ]);
    expectNothingSecret(stderr, []);
  }, 30_000);

  it('names the refused login, without the password', async () => {
    const { code, stderr } = await startServer({
      PORT: await freePort(),
      DATABASE_URL: url((copy) => {
        copy.username = 'no_such_role_here';
        copy.password = 'Db-Secret-9';
      }),
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      `Twang could not start: PostgreSQL at ${where} refused the login (role "no_such_role_here" does not exist). Check the user name and password in DATABASE_URL.`,
    ]);
    expectNothingSecret(stderr, ['Db-Secret-9']);
  }, 30_000);

  it('says SSL was asked for (sslmode=require) and the server does not offer it', async () => {
    const { code, stderr } = await startServer({
      PORT: await freePort(),
      DATABASE_URL: url((copy) => copy.searchParams.set('sslmode', 'require')),
    });
    expect(code).toBe(1);
    // pg's own notice about what sslmode=require means to it may come first.
    expect(lines(stderr).at(-1)).toBe(
      `Twang could not start: PostgreSQL at ${where} does not accept SSL connections, which DATABASE_URL asks for (sslmode). Remove sslmode from DATABASE_URL, or turn SSL on in PostgreSQL.`,
    );
    expectNothingSecret(stderr, []);
  }, 30_000);

  it('prints a query refused at start without its values: no hash, no parameters, no row', async () => {
    const name = freshDatabaseName();
    await admin.query(`CREATE DATABASE ${name}`);
    created.push(name);
    const databaseUrl = withDatabase(baseUrl.toString(), name);
    const handle = await openDatabase({ url: databaseUrl, poolSize: 1 });
    try {
      await handle.migrate();
      // Any new account is refused: the configured administrator's INSERT fails at start.
      await handle.db.execute('ALTER TABLE users ADD CONSTRAINT no_new_users CHECK (false)');
    } finally {
      await handle.close();
    }
    const secrets = { ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'Boss-Secret-Pass9' };
    const { code, stdout, stderr } = await startServer({
      PORT: await freePort(),
      DATABASE_URL: databaseUrl,
      ...secrets,
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      `Twang could not start: PostgreSQL at ${where} refused a query during start-up (23514: new row for relation "users" violates check constraint "no_new_users").`,
    ]);
    expectNothingSecret(stdout + stderr, [secrets.ADMIN_PASSWORD, secrets.ADMIN_EMAIL]);
  }, 60_000);
});
