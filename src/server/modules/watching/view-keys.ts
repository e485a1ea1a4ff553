import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';

/** The UTC day of a moment, as PostgreSQL's date text ('2026-11-27'). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The day's salt, made by whichever instance asks first. The conflict branch updates the row to
 * itself so that it waits for the other instance's insert and returns the salt it committed: DO
 * NOTHING returns no row then, and a read in the same statement cannot see a row committed after
 * the statement began.
 */
async function saltOfDay(db: Database, day: string): Promise<Buffer> {
  const [row] = await queryRows<{ salt: Buffer | Uint8Array }>(
    db,
    sql`INSERT INTO view_salts AS s (day, salt) VALUES (${day}::date, ${sql.param(randomBytes(32))})
        ON CONFLICT (day) DO UPDATE SET salt = s.salt
        RETURNING salt`,
  );
  if (!row) throw new Error(`no view salt for ${day}`);
  return Buffer.from(row.salt);
}

/** Who saw a video, as view_marks records it. */
export interface Viewer {
  userId: number | null;
  address: string;
  userAgent: string;
}

/**
 * Turns a viewer into the key their views are deduplicated by: 'u' + id for a signed-in fan, and
 * for a visitor a hash of the day's salt, address, user agent and video, so no address is stored,
 * the same visitor cannot be linked across videos, and once the salt is deleted (48 hours) not
 * even across the day's own views.
 */
export function createViewKeys(db: Database) {
  // Only the current day's salt is kept: one read per day and instance.
  let cached: { day: string; salt: Promise<Buffer> } | null = null;
  const saltFor = (day: string): Promise<Buffer> => {
    if (cached?.day !== day) {
      const salt = saltOfDay(db, day);
      cached = { day, salt };
      // A failed read is retried by the next report, not remembered.
      salt.catch(() => {
        if (cached?.salt === salt) cached = null;
      });
    }
    return cached.salt;
  };
  return {
    async keyOf(viewer: Viewer, videoId: number, at = new Date()): Promise<string> {
      if (viewer.userId !== null) return `u${viewer.userId}`;
      const salt = await saltFor(utcDay(at));
      const hash = createHash('sha256')
        .update(salt)
        .update(`\0${viewer.address}\0${viewer.userAgent}\0${videoId}`)
        .digest();
      return `v${hash.subarray(0, 16).toString('base64url')}`;
    },
    /**
     * The viewer's key for the day across every video, for counting the site's unique viewers
     * (daily_viewers): the same visitor watching two videos is one viewer, and the next day,
     * with another salt, someone the site cannot link to the day before.
     */
    async dayKeyOf(viewer: Viewer, at = new Date()): Promise<string> {
      if (viewer.userId !== null) return `u${viewer.userId}`;
      const salt = await saltFor(utcDay(at));
      const hash = createHash('sha256')
        .update(salt)
        .update(`\0${viewer.address}\0${viewer.userAgent}\0day`)
        .digest();
      return `d${hash.subarray(0, 16).toString('base64url')}`;
    },
  };
}

export type ViewKeys = ReturnType<typeof createViewKeys>;
