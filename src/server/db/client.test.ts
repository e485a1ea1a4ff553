import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { queryRows } from './query-rows.js';

describe('the embedded database', () => {
  it('keeps a small page cache, since its memory never shrinks', async () => {
    const database = await openDatabase({ url: 'memory://' });
    try {
      const rows = await queryRows<{ shared_buffers: string }>(
        database.db,
        sql`SHOW shared_buffers`,
      );
      expect(rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});
