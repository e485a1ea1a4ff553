import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { YOUTUBE_ID_PATTERN } from '@shared/schemas/youtube-url.js';
import { markInterruptedRuns } from './sync-runs-repository.js';
import {
  dueChannels,
  findChannelByYoutubeId,
  insertChannel,
  pushSubscriptionsToRenew,
} from './channels-repository.js';
import { CHANNEL_LEASE_SECONDS, syncChannel } from './channel-sync.js';
import { askHub, pushAvailable, PUSH_LEASE_SECONDS } from './push-subscriptions.js';
import { readSyncSettings } from './sync-settings.js';

export const SYNC_SCHEDULE = 'sync-youtube-channels';
export const PUSH_IMPORT_JOB = 'import-pushed-videos';
export const PUSH_RENEW_SCHEDULE = 'renew-youtube-push';
/** Subscriptions are renewed when less than a day of their lease is left; checked hourly. */
const RENEW_WITHIN_SECONDS = 24 * 3600;

export const pushImportPayload = z.object({
  channelId: z.string(),
  videoIds: z.array(z.string().regex(YOUTUBE_ID_PATTERN)).min(1).max(50),
});

/** Every channel not paused nor backing off, one after the other, under one quota budget each. */
export async function syncDueChannels(app: FastifyInstance): Promise<void> {
  if (!app.config.YOUTUBE_API_KEY) return;
  const now = app.clock();
  await markInterruptedRuns(app.db, new Date(now.getTime() - CHANNEL_LEASE_SECONDS * 1000));
  for (const channel of await dueChannels(app.db, now)) {
    // Held by Sync Now or a push on some instance: that sync does this one's work.
    await syncChannel(app, channel, 'schedule');
  }
}

async function renewPushSubscriptions(app: FastifyInstance): Promise<void> {
  if (!pushAvailable(app)) return;
  const due = await pushSubscriptionsToRenew(app.db, app.clock(), RENEW_WITHIN_SECONDS);
  for (const channel of due) await askHub(app, channel, 'subscribe');
}

/**
 * The show's channel (YOUTUBE_CHANNEL_ID) is the first one, added at start; later changes are
 * the back-office's. Its title and playlist are read at its first sync.
 */
async function addPrimaryChannel(app: FastifyInstance): Promise<void> {
  const channelId = app.config.YOUTUBE_CHANNEL_ID;
  if (!channelId || (await findChannelByYoutubeId(app.db, channelId))) return;
  await insertChannel(app.db, { channelId, title: '', uploadsPlaylistId: null, isPrimary: true });
}

/**
 * The scheduled sync (first one interval after the schedule is first stored, so a new instance
 * does not spend quota at each start), the push import jobs, and the push subscriptions' renewal.
 */
export function registerChannelSync(app: FastifyInstance): void {
  const everySeconds = app.config.YOUTUBE_SYNC_MINUTES * 60;
  app.jobs.every(SYNC_SCHEDULE, everySeconds, async () => syncDueChannels(app), {
    firstRun: 'after-interval',
  });
  app.jobs.every(PUSH_RENEW_SCHEDULE, 3600, async () => renewPushSubscriptions(app), {
    firstRun: 'after-interval',
  });
  app.jobs.define(PUSH_IMPORT_JOB, async (job) => {
    const { channelId, videoIds } = pushImportPayload.parse(job.payload);
    const channel = await findChannelByYoutubeId(app.db, channelId);
    if (!channel || channel.paused || !channel.push) return;
    const run = await syncChannel(app, channel, 'push', { kind: 'pushed', videoIds });
    // Another sync holds the channel: throwing retries the job (in 30 s, then longer).
    if (!run) throw new Error('the channel is being synced; the push is retried');
  });
  app.addHook('onReady', async () => {
    try {
      await addPrimaryChannel(app);
      // The back-office's interval when it set one, else the environment's (which may have
      // changed since the schedule was stored). Only a change moves the next tick.
      const settings = await readSyncSettings(app.db, app.config.YOUTUBE_SYNC_MINUTES);
      const stored = await app.jobs.scheduleState(SYNC_SCHEDULE);
      if (stored && stored.everySeconds !== settings.every_minutes * 60) {
        await app.jobs.reschedule(SYNC_SCHEDULE, settings.every_minutes * 60);
      }
    } catch (error) {
      // Not worth refusing to start for: the next start tries again, and the back-office can
      // add the channel. (The offline app that reads the routes has no tables at all.)
      app.log.warn({ err: error }, 'the channel sync could not be set up at start');
    }
  });
}

export { PUSH_LEASE_SECONDS };
