import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../db/schema.js';
import { callApi } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { DEMO_PASSWORD_NOT_ISSUED } from './demo-seed.js';
import { prepareDatabase, showDemoPasswords } from './prepare-database.js';

let t: TestApp;
let printed = '';
let printedBeforeListening = '';
beforeAll(async () => {
  t = await createTestApp({
    env: { SEED: 'demo', ADMIN_EMAIL: 'Producer@Example.com', ADMIN_PASSWORD: 'Producer-Pass1' },
  });
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed += `${args.join(' ')}\n`;
  });
  await prepareDatabase(t.app);
  printedBeforeListening = printed;
  // What server.ts does once it listens.
  await showDemoPasswords(t.app);
  log.mockRestore();
}, 60_000);
afterAll(() => t.close());

type CountedTable = 'videos' | 'artists' | 'layoutRows' | 'tags' | 'videoLikes';

const countOf = async (table: CountedTable) => {
  const [row] = await t.db.select({ n: count() }).from(schema[table]);
  return row?.n ?? 0;
};

describe('first start with SEED=demo', () => {
  it('loads the demo catalogue: 150 videos, 40 artists with own tags, 12 categories, 8 layout rows', async () => {
    expect(await countOf('videos')).toBe(150);
    expect(await countOf('artists')).toBe(40);
    expect(await countOf('layoutRows')).toBe(8);
    expect(await countOf('tags')).toBe(52);
    const [featured] = await t.db.select().from(schema.featuredVideo);
    expect(featured?.videoId).toEqual(expect.any(Number));
    expect(await countOf('videoLikes')).toBeGreaterThan(100);
  });

  it('prints no password before the server listens: the demo accounts wait for theirs', () => {
    expect(printedBeforeListening).toBe('');
  });

  it('prints generated passwords for the demo accounts once, and they sign in', async () => {
    const admin = /admin\s+email: admin\s+password: (\S+)/.exec(printed)?.[1];
    const user = /user\s+email: user\s+password: (\S+)/.exec(printed)?.[1];
    expect(admin).toMatch(/^Tw[A-Za-z0-9_-]{16}9$/);
    expect(user).toMatch(/^Tw[A-Za-z0-9_-]{16}9$/);
    expect(admin).not.toBe(user);
    const asAdmin = await callApi(t.app, 'POST', '/api/login', {
      body: { email: 'admin', password: admin },
    });
    expect(asAdmin.statusCode).toBe(201);
    expect(asAdmin.body.data).toMatchObject({ isAdmin: true });
    const asUser = await callApi(t.app, 'POST', '/api/login', {
      body: { email: 'user', password: user },
    });
    expect(asUser.body.data).toMatchObject({ isAdmin: false, firstName: 'Casey' });
  });

  it('creates the configured administrator, with the email lower-cased', async () => {
    const [producer] = await t.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'producer@example.com'));
    expect(producer?.isAdmin).toBe(true);
    const login = await callApi(t.app, 'POST', '/api/login', {
      body: { email: 'producer@example.com', password: 'Producer-Pass1' },
    });
    expect(login.statusCode).toBe(201);
  });

  it('does nothing more on the next start: no second catalogue, no new passwords', async () => {
    printed = '';
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      printed += args.join(' ');
    });
    await prepareDatabase(t.app);
    await showDemoPasswords(t.app);
    log.mockRestore();
    expect(printed).toBe('');
    expect(await countOf('videos')).toBe(150);
  });
});

describe('a first start that seeds but never listens (its port taken, say)', () => {
  let again: TestApp;
  beforeAll(async () => {
    again = await createTestApp({ env: { SEED: 'demo' } });
  }, 60_000);
  afterAll(() => again.close());

  it('leaves the passwords to the next start that listens; instances listening at once show each one once', async () => {
    const output: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      output.push(args.join(' '));
    });
    try {
      await prepareDatabase(again.app);
      expect(output).toEqual([]);
      // No password signs in to a demo account still waiting for one.
      const [waiting] = await again.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.email, 'admin'));
      expect(waiting?.passwordHash).toBe(DEMO_PASSWORD_NOT_ISSUED);
      const guess = await callApi(again.app, 'POST', '/api/login', {
        body: { email: 'admin', password: DEMO_PASSWORD_NOT_ISSUED },
      });
      expect(guess.statusCode).toBe(401);
      // Two instances come up at once: each password is given, and printed, by one of them.
      await Promise.all([showDemoPasswords(again.app), showDemoPasswords(again.app)]);
    } finally {
      log.mockRestore();
    }
    const text = output.join('\n');
    expect(text.match(/email: admin/g)).toHaveLength(1);
    expect(text.match(/email: user/g)).toHaveLength(1);
    const admin = /admin\s+email: admin\s+password: (\S+)/.exec(text)?.[1];
    const login = await callApi(again.app, 'POST', '/api/login', {
      body: { email: 'admin', password: admin },
    });
    expect(login.statusCode).toBe(201);
  });
});
