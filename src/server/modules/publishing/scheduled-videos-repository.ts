import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';

export interface PublishedVideo {
  id: number;
  title: string;
}

/**
 * Turns Public every Private video whose publish time has come, and clears the time, in one
 * statement: two instances running it at once publish each video once (the second finds the row
 * no longer matches once the first commits). `now` is the app's clock, so tests can move it.
 */
export async function publishDueVideos(db: Database, now: Date): Promise<PublishedVideo[]> {
  return queryRows<PublishedVideo>(
    db,
    sql`UPDATE videos SET is_public = true, publish_at = NULL, updated_at = now()
        WHERE publish_at IS NOT NULL AND publish_at <= ${now.toISOString()}::timestamptz
          AND NOT is_public
        RETURNING id, title`,
  );
}
