import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.js';
import { useTestApp } from './use-test-app.js';

const { t } = useTestApp();

// Guards the harness itself: a project named postgres that quietly ran on PGlite once went unseen.
it('runs each test project on the engine it is named after, on a fresh database', async () => {
  expect(t.kind).toBe(process.env.TEST_DB);
  const [database] = await queryRows<{ name: string }>(
    t.db,
    sql`SELECT current_database() AS name`,
  );
  if (t.kind === 'postgres') expect(database?.name).toMatch(/^twang_test_[0-9a-f]{12}$/);
  const [users] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM users`);
  expect(users?.n).toBe(0);
});
