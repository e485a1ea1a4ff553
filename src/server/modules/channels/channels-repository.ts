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

/**
 * The app's clock (a test's, or the instance's own; null: the database's). Holds last minutes,
 * so instances whose clocks differ by seconds still agree on them.
 */
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
  token: string,
  now: Date | null,
  leaseSeconds: number,
): Promise<ChannelRow | undefined> {
  const [row] = await db
    .update(youtubeChannels)
    .set({
      leaseUntil: sql`${at(now)} + make_interval(secs => ${leaseSeconds})`,
      leaseToken: token,
    })
    .where(
      and(
        eq(youtubeChannels.id, id),
        or(isNull(youtubeChannels.leaseUntil), lte(youtubeChannels.leaseUntil, at(now))),
      ),
    )
    .returning();
  return row;
}

/** Keeps the hold of the sync holding `token` for another `leaseSeconds`; false once lost. */
export async function extendClaim(
  db: Database,
  id: number,
  token: string,
  now: Date | null,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(youtubeChannels)
    .set({ leaseUntil: sql`${at(now)} + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(youtubeChannels.id, id), eq(youtubeChannels.leaseToken, token)))
    .returning({ id: youtubeChannels.id });
  return rows.length > 0;
}

export type SyncOutcome =
  | { ok: true; title: string; uploadsPlaylistId: string; unreadableIds: string[] }
  | {
      ok: false;
      reason: SyncFailureReason;
      message: string;
      retryAt: Date;
      unreadableIds: string[];
    };

/**
 * Ends a sync's hold, if it still has it (`token`): a good one clears the failures, a bad one
 * counts it and sets the backoff; null only lets the hold go. A sync whose hold was taken over
 * writes nothing here: the one holding it now writes its own outcome.
 */
export async function releaseChannel(
  db: Database,
  id: number,
  token: string,
  now: Date | null,
  outcome: SyncOutcome | null,
): Promise<ChannelRow | undefined> {
  const common = { leaseUntil: null, leaseToken: null, lastSyncedAt: sql`${at(now)}` };
  const changes = !outcome
    ? { leaseUntil: null, leaseToken: null }
    : outcome.ok
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
          unreadableIds: outcome.unreadableIds,
        };
  const [row] = await db
    .update(youtubeChannels)
    .set(changes)
    .where(and(eq(youtubeChannels.id, id), eq(youtubeChannels.leaseToken, token)))
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
