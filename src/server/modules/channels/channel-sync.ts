import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { syncFailureTexts } from '@shared/messages/channels.js';
import type { SyncFailureReason, SyncRun, SyncTrigger } from '@shared/schemas/channels.js';
import { safeMessage } from '@server/lib/safe-errors.js';
import { existingYoutubeIds } from '../admin/admin-videos-repository.js';
import { linkFeaturedVideo } from '../admin/featured-video-repository.js';
import { EVERYTHING } from '../cache-drops/write-changes.js';
import { autotagVideosById } from '../tags/tags-repository.js';
import type { YoutubeUploadDetails } from '../youtube/youtube-client.js';
import {
  YoutubeAuthError,
  YoutubeQuotaError,
  youtubeFailureReason,
} from '../youtube/youtube-errors.js';
import { quotaBudget } from '../youtube/youtube-quota.js';
import { importUpload, importUploads, placementOf } from './channel-import.js';
import {
  claimChannel,
  extendClaim,
  releaseChannel,
  type ChannelRow,
} from './channels-repository.js';
import { nextQuotaReset, syncStopsAt } from './quota-meter.js';
import { readSyncSettings } from './sync-settings.js';
import { finishRun, startRun, type RunFigures } from './sync-runs-repository.js';

/**
 * How long a sync holds its channel. A sync reads at most a few hundred pages; a dead instance's
 * hold runs out after this, and its run is then marked interrupted.
 */
export const CHANNEL_LEASE_SECONDS = 10 * 60;
/** videos.list reads 50 ids a call; a batch that fails counts its ids as errors, the rest go on. */
const BATCH = 50;
/**
 * Uploads to ask for again next sync (unreadable, or failed this time), at most this many:
 * re-asking costs a unit per 50.
 */
const UNREADABLE_KEPT = 100;
const BACKOFF_BASE_MS = 5 * 60 * 1000;
const BACKOFF_MAX_MS = 6 * 60 * 60 * 1000;

/** 5 min after the 1st failure in a row, 10, 20... at most 6 h; a spent quota waits for its reset. */
export function retryAfterFailure(
  reason: SyncFailureReason,
  failuresBefore: number,
  now: Date,
): Date {
  if (reason === 'quotaExceeded') return nextQuotaReset(now);
  const delay = Math.min(BACKOFF_BASE_MS * 2 ** failuresBefore, BACKOFF_MAX_MS);
  return new Date(now.getTime() + delay);
}

function failureOf(error: unknown): { reason: SyncFailureReason; message: string } {
  const reason = youtubeFailureReason(error) ?? 'internal';
  if (error instanceof YoutubeQuotaError && error.source === 'guard') {
    return { reason, message: syncFailureTexts.quotaGuard };
  }
  return { reason, message: syncFailureTexts[reason] };
}

/** Where a run's ids come from: the channel's uploads playlist, or a push's few ids. */
export type UploadSource = { kind: 'playlist' } | { kind: 'pushed'; videoIds: readonly string[] };

/**
 * Syncs one channel: reads its uploads (newest first, stopping at the first page the catalogue
 * already has), reads the new ones' details in batches of 50, and imports each with its audit
 * entry. One failed video or batch is counted and the others go on; YouTube refusing the key or
 * the quota, or the channel being gone, ends the run as failed and backs the channel off. Null
 * when another sync holds the channel.
 */
export async function syncChannel(
  app: FastifyInstance,
  channel: ChannelRow,
  trigger: SyncTrigger,
  source: UploadSource = { kind: 'playlist' },
): Promise<SyncRun | null> {
  const { db } = app;
  const token = randomUUID();
  const claimed = await claimChannel(db, channel.id, token, app.clock(), CHANNEL_LEASE_SECONDS);
  if (!claimed) return null;
  const startedAt = app.clock();
  let runId: number;
  try {
    runId = await startRun(db, claimed, trigger, startedAt);
  } catch (error) {
    await releaseChannel(db, claimed.id, token, app.clock(), null);
    throw error;
  }
  let spentBefore = 0;
  let budget = quotaBudget(0);
  const figures: RunFigures = {
    status: 'done',
    found: 0,
    imported: 0,
    skipped: 0,
    errors: 0,
    error: null,
    units: 0,
    title: claimed.title,
  };
  const importedIds: number[] = [];
  let failure: { reason: SyncFailureReason; message: string } | null = null;
  let playlist = claimed.uploadsPlaylistId ?? '';
  const unreadableBefore = new Set(claimed.unreadableIds);
  const unreadable: string[] = [];

  let settings = await readSyncSettings(db, app.config.YOUTUBE_SYNC_MINUTES).catch(() => null);
  const importOne = async (video: YoutubeUploadDetails) => {
    try {
      const id = await importUpload(db, video, placementOf(video, settings!, app.clock()));
      if (id === null) figures.skipped++;
      else {
        figures.imported++;
        importedIds.push(id);
      }
    } catch (error) {
      figures.errors++;
      unreadable.push(video.youtubeId);
      figures.error ??= `${video.youtubeId}: ${safeMessage(error)}`;
      app.log.error({ err: error, video: video.youtubeId }, 'an upload could not be imported');
    }
  };
  /** The batch in one statement; when it fails, one by one, so one bad upload stops no other. */
  const importBatch = async (batch: YoutubeUploadDetails[]) => {
    const now = app.clock();
    try {
      const added = await importUploads(
        db,
        batch.map((details) => ({ details, placement: placementOf(details, settings!, now) })),
      );
      figures.imported += added.length;
      figures.skipped += batch.length - added.length;
      importedIds.push(...added.map((row) => row.id));
    } catch {
      for (const video of batch) await importOne(video);
    }
  };

  try {
    settings ??= await readSyncSettings(db, app.config.YOUTUBE_SYNC_MINUTES);
    const quota = await app.youtubeQuota.today();
    spentBefore = quota.spent;
    budget = quotaBudget(syncStopsAt(quota.limit), quota.spent);
    await app.youtubeQuota.withBudget(budget, async () => {
      // channels.list every run (1 unit): a deleted channel's playlist reads as merely empty.
      const info = await app.youtube.channelInfo(claimed.channelId);
      if (!info) throw new YoutubeAuthError('YouTube has no such channel', 'channelNotFound');
      figures.title = info.title;
      playlist = info.uploadsPlaylistId;

      const ids =
        source.kind === 'pushed'
          ? [...new Set(source.videoIds)]
          : await app.youtube.listUploadIds(info.uploadsPlaylistId, {
              stopWhenAllKnown: async (page) => {
                const open = page.filter((id) => !unreadableBefore.has(id));
                return (await existingYoutubeIds(db, open)).size === open.length;
              },
            });
      figures.found = ids.length;
      // Last run's unreadable ones are asked for again: a video private until its YouTube
      // publish time comes in once it is public, though the walk stopped above it.
      const candidates = [...new Set([...ids, ...unreadableBefore])];
      const known = await existingYoutubeIds(db, candidates);
      // Oldest first, so catalogue ids grow with the publish date.
      const fresh = candidates.filter((id) => !known.has(id)).reverse();
      figures.skipped += ids.filter((id) => known.has(id)).length;

      for (let start = 0; start < fresh.length; start += BATCH) {
        const batch = fresh.slice(start, start + BATCH);
        let details;
        try {
          details = await app.youtube.listVideos(batch);
        } catch (error) {
          // The key, the quota or the channel: nothing more can be read this run.
          if (error instanceof YoutubeAuthError) throw error;
          figures.errors += batch.length;
          figures.error ??= failureOf(error).message;
          // Asked for again next sync, though newer uploads make the walk stop above them.
          unreadable.push(...batch);
          app.log.warn({ err: error, channel: claimed.channelId }, 'a batch of uploads failed');
          continue;
        }
        // Private, deleted, or (for a push) another channel's: nothing to import.
        const ours = details.filter(
          (video) => video.channelId === null || video.channelId === claimed.channelId,
        );
        const returned = new Set(details.map((video) => video.youtubeId));
        const missing = batch.filter((id) => !returned.has(id));
        unreadable.push(...missing);
        figures.skipped += details.length - ours.length;
        figures.skipped += missing.filter((id) => ids.includes(id)).length;
        await importBatch(ours);
        // A long first sync keeps its hold on the channel (a batch takes a second or two).
        if (!(await extendClaim(db, claimed.id, token, app.clock(), CHANNEL_LEASE_SECONDS))) {
          throw new Error('the hold on the channel ran out');
        }
      }
    });
  } catch (error) {
    failure = failureOf(error);
    if (failure.reason === 'internal') {
      app.log.error({ err: error, channel: claimed.channelId }, 'channel sync failed');
    }
  }

  if (importedIds.length > 0) await afterImports(app, importedIds);
  figures.units = Math.max(0, budget.spent() - spentBefore);
  if (failure) {
    figures.status = 'failed';
    figures.error = failure.message;
  }
  // Newest first, as the playlist lists them; on a failure, last run's are kept as well, so a
  // batch that failed before it is not forgotten.
  const askAgain = [
    ...new Set([...unreadable.reverse(), ...(failure ? unreadableBefore : [])]),
  ].slice(0, UNREADABLE_KEPT);
  await releaseChannel(
    db,
    claimed.id,
    token,
    app.clock(),
    failure
      ? {
          ok: false,
          ...failure,
          unreadableIds: askAgain,
          retryAt: retryAfterFailure(failure.reason, claimed.failures, app.clock()),
        }
      : { ok: true, title: figures.title, uploadsPlaylistId: playlist, unreadableIds: askAgain },
  );
  return finishRun(db, runId, app.clock(), figures);
}

/** New videos get the auto-tag rule's artist tags, the featured link, and fresh pages. */
async function afterImports(app: FastifyInstance, videoIds: number[]): Promise<void> {
  try {
    await autotagVideosById(app.db, videoIds);
    await linkFeaturedVideo(app.db);
    await app.dropCaches(EVERYTHING);
  } catch (error) {
    // The videos are in; tags can be added by hand, and pages catch up with their max age.
    app.log.error({ err: error }, 'after a channel sync: tags or cached pages not updated');
  }
  try {
    // Private imports are left out by the announcement itself.
    await app.newsletter.announce(videoIds);
  } catch (error) {
    app.log.error({ err: error }, 'after a channel sync: new episodes not announced by mail');
  }
}
