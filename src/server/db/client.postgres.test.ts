import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { queryRows } from './query-rows.js';

describe('the PostgreSQL pool', () => {
  it('plans its statements once and never compiles them (no JIT)', async () => {
    const database = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 2 });
    try {
      // Two reads at once, so that both of the pool's connections are asked.
      const settings = () =>
        queryRows<{ jit: string; plan_cache_mode: string; pid: number }>(
          database.db,
          sql`SELECT current_setting('jit') AS jit,
                     current_setting('plan_cache_mode') AS plan_cache_mode,
                     pg_backend_pid() AS pid, pg_sleep(0.05) IS NULL AS slept`,
        );
      const answers = (await Promise.all([settings(), settings()])).flat();
      expect(new Set(answers.map((row) => row.pid)).size).toBe(2);
      for (const row of answers) {
        expect(row).toMatchObject({ jit: 'off', plan_cache_mode: 'force_generic_plan' });
      }
    } finally {
      await database.close();
    }
  });
});
