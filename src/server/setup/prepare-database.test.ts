import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  artists,
  featuredVideo,
  layoutRows,
  tags,
  users,
  videoLikes,
  videos,
} from '../db/schema.js';
import { callApi } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { prepareDatabase } from './prepare-database.js';

let t: TestApp;
let printed = '';
beforeAll(async () => {
  t = await createTestApp({
    env: { SEED: 'demo', ADMIN_EMAIL: 'Producer@Example.com', ADMIN_PASSWORD: 'Producer-Pass1' },
  });
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed += `${args.join(' ')}\n`;
  });
  await prepareDatabase(t.app);
  log.mockRestore();
}, 60_000);
afterAll(() => t.close());

const countOf = async (
  table: typeof videos | typeof artists | typeof layoutRows | typeof users,
) => {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

describe('first start with SEED=demo', () => {
  it('loads the demo catalogue: 150 videos, 40 artists with own tags, 12 categories, 8 layout rows', async () => {
    expect(await countOf(videos)).toBe(150);
    expect(await countOf(artists)).toBe(40);
    expect(await countOf(layoutRows)).toBe(8);
    const [tagCount] = await t.db.select({ n: count() }).from(tags);
    expect(tagCount?.n).toBe(52);
    const [featured] = await t.db.select().from(featuredVideo);
    expect(featured?.videoId).toEqual(expect.any(Number));
    const [likes] = await t.db.select({ n: count() }).from(videoLikes);
    expect(likes?.n).toBeGreaterThan(100);
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
      .from(users)
      .where(eq(users.email, 'producer@example.com'));
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
    log.mockRestore();
    expect(printed).toBe('');
    expect(await countOf(videos)).toBe(150);
  });
});
