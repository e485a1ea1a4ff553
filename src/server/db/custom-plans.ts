import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Runs `work` in a transaction whose statements are planned for their own values. The
 * PostgreSQL pool plans generically (client.ts), which suits the prepared pages; a filter whose
 * best plan depends on the value gets one plan for every case instead. Measured on the user
 * list at 50,000 people: a one-letter name piece cannot use the trigram index, and its generic
 * plan scanned that index whole (75 ms instead of 11 ms).
 */
export function withCustomPlans<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true)`);
    return work(tx);
  });
}
