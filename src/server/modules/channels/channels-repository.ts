import { and, asc, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Channel, PushState, SyncFailureReason } from '@shared/schemas/channels.js';
import type { Database } from '@server/db/client.js';
import { youtubeChannels } from '@server/db/schema.js';

export type ChannelRow = typeof youtubeChannels.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A channel as the API shows it; the push secret never leaves the server. */
export function presentChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    channel_id: row.channelId,
    title: row.title,
    is_primary: row.isPrimary,
    paused: row.paused,
    push: row.push,
    push_state: row.pushState as PushState,
    push_lease_until: iso(row.pushLeaseUntil),
    last_synced_at: iso(row.lastSyncedAt),
    failures: row.failures,
    last_failure: row.lastFailure as SyncFailureReason | null,
    last_error: row.lastError,
    retry_at: iso(row.retryAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** A test's clock, or the database's: instances whose clocks differ agree on what is due. */
const at = (now: Date | null): SQL => sql`coalesce(${iso(now)}::timestamptz, now())`;

export async function listChannels(db: Database): Promise<ChannelRow[]> {
  return db
    .select()
    .from(youtubeChannels)
    .orderBy(sql`${youtubeChannels.isPrimary} DESC`, asc(youtubeChannels.id));
}

export async function findChannel(db: Database, id: number): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(youtubeChannels).where(eq(youtubeChannels.id, id));
  return row;
}

export async function findChannelByYoutubeId(
  db: Database,
  channelId: string,
): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(youtubeChannels)
    .where(eq(youtubeChannels.channelId, channelId));
  return row;
}

/** Adds a channel; undefined when it is already there (two admins adding it at once included). */
export async function insertChannel(
  db: Database,
  values: {
    channelId: string;
    title: string;
    uploadsPlaylistId: string | null;
    isPrimary?: boolean;
  },
): Promise<ChannelRow | undefined> {
  const [row] = await db
    .insert(youtubeChannels)
    .values(values)
    .onConflictDoNothing({ target: youtubeChannels.channelId })
    .returning();
  return row;
}

export async function updateChannel(
  db: Database,
  id: number,
  changes: Partial<
    Pick<ChannelRow, 'paused' | 'push' | 'pushState' | 'pushSecret' | 'pushLeaseUntil' | 'title'>
  >,
): Promise<ChannelRow | undefined> {
  const [row] = await db
    .update(youtubeChannels)
    .set(changes)
    .where(eq(youtubeChannels.id, id))
    .returning();
  return row;
}

export async function deleteChannel(db: Database, id: number): Promise<ChannelRow | undefined> {
  const [row] = await db.delete(youtubeChannels).where(eq(youtubeChannels.id, id)).returning();
  return row;
}

/** Channels the schedule syncs now: not paused, and past their backoff. */
export async function dueChannels(db: Database, now: Date | null): Promise<ChannelRow[]> {
  return db
    .select()
    .from(youtubeChannels)
    .where(
      and(
        eq(youtubeChannels.paused, false),
        or(isNull(youtubeChannels.retryAt), lte(youtubeChannels.retryAt, at(now))),
      ),
    )
    .orderBy(sql`${youtubeChannels.isPrimary} DESC`, asc(youtubeChannels.id));
}

/**
 * Takes the channel for one sync until `leaseSeconds` from now, unless another sync holds it:
 * two instances (or Sync Now beside the schedule) never walk the same channel at once. A crashed
 * instance's hold runs out by itself. Undefined when it is held (or gone).
 */
export async function claimChannel(
  db: Database,
  id: number,
  now: Date | null,
  leaseSeconds: number,
): Promise<ChannelRow | undefined> {
  const [row] = await db
    .update(youtubeChannels)
    .set({ leaseUntil: sql`${at(now)} + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(youtubeChannels.id, id),
        or(isNull(youtubeChannels.leaseUntil), lte(youtubeChannels.leaseUntil, at(now))),
      ),
    )
    .returning();
  return row;
}

export type SyncOutcome =
  | { ok: true; title: string; uploadsPlaylistId: string; unreadableIds: string[] }
  | { ok: false; reason: SyncFailureReason; message: string; retryAt: Date };

/** Ends a sync's hold: a good one clears the failures, a bad one counts it and sets the backoff. */
export async function releaseChannel(
  db: Database,
  id: number,
  now: Date | null,
  outcome: SyncOutcome,
): Promise<ChannelRow | undefined> {
  const common = { leaseUntil: null, lastSyncedAt: sql`${at(now)}` };
  const changes = outcome.ok
    ? {
        ...common,
        title: outcome.title,
        uploadsPlaylistId: outcome.uploadsPlaylistId,
        unreadableIds: outcome.unreadableIds,
        failures: 0,
        lastFailure: null,
        lastError: null,
        retryAt: null,
      }
    : {
        ...common,
        failures: sql`${youtubeChannels.failures} + 1`,
        lastFailure: outcome.reason,
        lastError: outcome.message,
        retryAt: outcome.retryAt,
      };
  const [row] = await db
    .update(youtubeChannels)
    .set(changes)
    .where(eq(youtubeChannels.id, id))
    .returning();
  return row;
}

/** Channels with push on whose lease ends within `withinSeconds` (or never started). */
export async function pushSubscriptionsToRenew(
  db: Database,
  now: Date | null,
  withinSeconds: number,
): Promise<ChannelRow[]> {
  return db
    .select()
    .from(youtubeChannels)
    .where(
      and(
        eq(youtubeChannels.push, true),
        eq(youtubeChannels.paused, false),
        or(
          isNull(youtubeChannels.pushLeaseUntil),
          lte(
            youtubeChannels.pushLeaseUntil,
            sql`${at(now)} + make_interval(secs => ${withinSeconds})`,
          ),
        ),
      ),
    );
}
