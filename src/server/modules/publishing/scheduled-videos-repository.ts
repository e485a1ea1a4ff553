import { sql } from 'drizzle-orm';
import { SCHEDULED_PUBLISH_ACTION } from '@shared/audit-actions.js';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';

export interface PublishedVideo {
  id: number;
  title: string;
}

/** Who the audit log names for what the schedule did. */
export const SCHEDULED_PUBLISH_ACTOR = 'scheduled publishing';

/**
 * Turns Public every Private video whose publish time has come, clears the time, and writes its
 * audit entry, in one statement: a video is never Public without its entry, and two instances
 * running it at once publish each video once (the second finds the row no longer matches once
 * the first commits). `now` is the app's clock, so tests can move it.
 */
export async function publishDueVideos(db: Database, now: Date): Promise<PublishedVideo[]> {
  return queryRows<PublishedVideo>(
    db,
    sql`WITH published AS (
          UPDATE videos SET is_public = true, publish_at = NULL, updated_at = now()
          WHERE publish_at IS NOT NULL AND publish_at <= ${now.toISOString()}::timestamptz
            AND NOT is_public
          RETURNING id, title
        ), audited AS (
          INSERT INTO audit_log (actor_id, actor_email, action, target_id, target_name, status_code)
          SELECT NULL, ${SCHEDULED_PUBLISH_ACTOR}, ${SCHEDULED_PUBLISH_ACTION}, id::text, title, 200
          FROM published
        )
        SELECT id, title FROM published ORDER BY id`,
  );
}
