import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from './testing/global-setup.js';
import { freshDatabaseName } from './testing/postgres-names.js';

/**
 * Real server processes (src/server/server.ts) started at the same moment on one new, empty
 * PostgreSQL database with the same settings, as an orchestrator starts replicas: every one comes
 * up, the demo catalogue and the configured administrator are added once, each demo password is
 * printed once, and no output carries a hash or a query's parameters. Several rounds, since a
 * race may be won by chance.
 */

const ROUNDS = 3;
const INSTANCES = 3;
const ADMIN = { email: 'race-admin@example.com', password: 'Race-Admin-Pass9' };
const baseUrl = process.env.TEST_DATABASE_URL!;

interface Instance {
  child: ChildProcess;
  origin: string;
  output: () => string;
  exited: Promise<number | null>;
}

const running: Instance[] = [];
const created: string[] = [];
afterAll(async () => {
  for (const instance of running)
    if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function start(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '3',
      SEED: 'demo',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
      CLIENT_DIR: './no-client-here',
      // Three servers starting on a busy machine lag their event loops; not what this is about.
      LOAD_SHED_MAX_DELAY_MS: '60000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const instance = { child, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
  running.push(instance);
  return instance;
}

async function healthy(instance: Instance): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await fetch(`${instance.origin}/healthz`).catch(() => null))?.status !== 200) {
    if (instance.child.exitCode !== null) {
      throw new Error(`an instance exited (${instance.child.exitCode}):\n${instance.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`an instance did not start:\n${instance.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The demo passwords are printed once a server listens, each by whichever instance gave it (one
 * may give the admin's and another the user's): wait until both are out.
 */
async function demoPasswords(instances: Instance[]): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const all = instances.map((instance) => instance.output()).join('\n');
    const shown = ['admin', 'user'].every((email) =>
      new RegExp(`email: ${email}\\s+password: \\S+`).test(all),
    );
    if (shown || Date.now() > deadline) return all;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`${INSTANCES} instances started at once on an empty PostgreSQL database`, () => {
  it(`all come up and add the first-run content once (${ROUNDS} rounds)`, async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const name = freshDatabaseName();
        await admin.query(`CREATE DATABASE ${name}`);
        created.push(name);
        const url = withDatabase(baseUrl, name);
        const instances = await Promise.all(Array.from({ length: INSTANCES }, () => start(url)));
        await Promise.all(instances.map(healthy));
        const output = await demoPasswords(instances);

        const db = new pg.Client({ connectionString: url });
        await db.connect();
        try {
          const count = async (sql: string) =>
            Number((await db.query<{ n: string }>(sql)).rows[0]?.n ?? -1);
          expect(await count('SELECT count(*) AS n FROM videos'), `round ${round}`).toBe(150);
          expect(await count('SELECT count(*) AS n FROM artists')).toBe(40);
          expect(await count('SELECT count(*) AS n FROM layout_rows')).toBe(8);
          // 24 fans, the demo admin and user, and the configured administrator: once each.
          expect(await count('SELECT count(*) AS n FROM users')).toBe(27);
          expect(
            await count(`SELECT count(*) AS n FROM users WHERE email = '${ADMIN.email}'`),
          ).toBe(1);
          expect(await count('SELECT count(*) AS n FROM users WHERE is_admin')).toBe(2);
        } finally {
          await db.end();
        }

        const each = instances.map((instance) => instance.output());
        expect(each.filter((text) => text.includes('Seeding the demo catalogue'))).toHaveLength(1);
        expect(output.match(/email: admin\s+password: /g), output).toHaveLength(1);
        expect(output.match(/email: user\s+password: /g)).toHaveLength(1);
        for (const text of each) {
          expect(text).not.toMatch(/\$argon2|params:|users_email_unique|"level":50/);
          expect(text).not.toContain(ADMIN.password);
        }
        // The password printed is the demo administrator's, whichever instance printed it.
        const password = /email: admin\s+password: (\S+)/.exec(output)?.[1];
        const login = await fetch(`${instances[round % INSTANCES]!.origin}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin', password }),
        });
        expect(login.status).toBe(201);

        for (const instance of instances) instance.child.kill('SIGTERM');
        expect(await Promise.all(instances.map((instance) => instance.exited))).toEqual(
          instances.map(() => 0),
        );
      }
    } finally {
      await admin.end();
    }
  }, 600_000);
});
