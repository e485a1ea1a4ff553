import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { SyncRun, SyncRunStatus, SyncTrigger } from '@shared/schemas/channels.js';
import type { Database } from '@server/db/client.js';
import { channelSyncRuns } from '@server/db/schema.js';

type RunRow = typeof channelSyncRuns.$inferSelect;

export const RUNS_PAGE_SIZE = 20;

export function presentRun(row: RunRow): SyncRun {
  return {
    id: row.id,
    channel_id: row.channelId,
    channel_title: row.channelTitle,
    trigger: row.trigger as SyncTrigger,
    status: row.status as SyncRunStatus,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    duration_ms: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    found: row.found,
    imported: row.imported,
    skipped: row.skipped,
    errors: row.errors,
    error: row.error,
    units: row.units,
  };
}

export async function startRun(
  db: Database,
  channel: { channelId: string; title: string },
  trigger: SyncTrigger,
  startedAt: Date,
): Promise<number> {
  const [row] = await db
    .insert(channelSyncRuns)
    .values({ channelId: channel.channelId, channelTitle: channel.title, trigger, startedAt })
    .returning({ id: channelSyncRuns.id });
  return row!.id;
}

export interface RunFigures {
  status: Exclude<SyncRunStatus, 'running'>;
  found: number;
  imported: number;
  skipped: number;
  errors: number;
  error: string | null;
  units: number;
  title: string;
}

export async function finishRun(
  db: Database,
  id: number,
  finishedAt: Date,
  figures: RunFigures,
): Promise<SyncRun> {
  const { title, ...rest } = figures;
  const [row] = await db
    .update(channelSyncRuns)
    .set({ ...rest, channelTitle: title, finishedAt })
    .where(eq(channelSyncRuns.id, id))
    .returning();
  return presentRun(row!);
}

/**
 * Runs left 'running' by an instance that died (kill -9, a crash) are marked interrupted once
 * their channel's hold has run out, so the panel does not show them running for ever.
 */
export async function markInterruptedRuns(db: Database, startedBefore: Date): Promise<number> {
  const rows = await db
    .update(channelSyncRuns)
    .set({ status: 'interrupted', error: 'The instance running it stopped' })
    .where(
      and(
        eq(channelSyncRuns.status, 'running'),
        isNull(channelSyncRuns.finishedAt),
        lte(channelSyncRuns.startedAt, startedBefore),
      ),
    )
    .returning({ id: channelSyncRuns.id });
  return rows.length;
}

export async function listRuns(
  db: Database,
  page: number,
): Promise<{ runs: SyncRun[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(channelSyncRuns)
      .orderBy(desc(channelSyncRuns.startedAt), desc(channelSyncRuns.id))
      .limit(RUNS_PAGE_SIZE)
      .offset((page - 1) * RUNS_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(channelSyncRuns),
  ]);
  return { runs: rows.map(presentRun), total: count?.total ?? 0 };
}
