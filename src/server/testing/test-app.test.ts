import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Guards the harness itself: a project named postgres that quietly ran on PGlite once went unseen.
it('runs each test project on the engine it is named after, on a fresh database', async () => {
  expect(t.kind).toBe(process.env.TEST_DB);
  const result = await t.db.execute(sql`SELECT current_database() AS name, version() AS version`);
  const row = result.rows[0] as { name: string; version: string };
  if (t.kind === 'postgres') expect(row.name).toMatch(/^twang_test_[0-9a-f]{12}$/);
  const [users] = (await t.db.execute(sql`SELECT count(*)::int AS n FROM users`)).rows as {
    n: number;
  }[];
  expect(users?.n).toBe(0);
});
