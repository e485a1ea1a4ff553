import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, startOpeningDatabase } from './client.js';
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

  it('takes queries before its thread listens and answers them once it does', async () => {
    const database = await startOpeningDatabase({ url: 'memory://' });
    let opened = false;
    void database.opened.then(() => (opened = true));
    try {
      // Sent at once: through the pool's query (drizzle) and under the start-up lock (a client of
      // its own), the two ways a start-up reaches the database.
      const read = queryRows<{ answer: number }>(database.db, sql`SELECT 41 + 1 AS answer`);
      const locked = database.exclusive((db) =>
        queryRows<{ answer: number }>(db, sql`SELECT 'locked' AS answer`),
      );
      expect(opened).toBe(false);
      expect(await read).toEqual([{ answer: 42 }]);
      expect(await locked).toEqual([{ answer: 'locked' }]);
      expect(opened).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('fails the waiting queries with the reason its thread could not start, and still closes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'twang-client-'));
    const notAFolder = join(folder, 'data');
    writeFileSync(notAFolder, 'a file where the data directory should be');
    try {
      const database = await startOpeningDatabase({ dataDir: notAFolder });
      const read = queryRows(database.db, sql`SELECT 1`);
      await expect(database.opened).rejects.toThrow(/EEXIST|ENOTDIR/);
      // drizzle names the query and keeps the driver's error as its cause.
      const failed = await read.catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect(String((failed as Error).cause)).toMatch(/EEXIST|ENOTDIR/);
      await expect(database.close()).resolves.toBeUndefined();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
