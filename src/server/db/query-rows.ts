import type { SQL } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Rows of a raw SQL query. Both drivers answer `{ rows }`, but the shared Database type cannot
 * say so, hence the one cast here rather than at each call.
 */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
