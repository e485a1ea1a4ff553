import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { channelsMessages } from '@shared/messages/channels.js';
import {
  addChannelBody,
  channelParams,
  channelSchema,
  channelsOverview,
  syncRunPage,
  syncRunSchema,
  syncRunsQuery,
  syncSettingsBody,
  syncSettingsSchema,
  updateChannelBody,
  type Channel,
  type SyncRun,
} from '@shared/schemas/channels.js';
import { parseYoutubeChannelId } from '@shared/schemas/youtube-url.js';
import { badRequest, conflict, notFound } from '@server/lib/http-errors.js';
import { created, ok } from '@server/lib/reply.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { callYoutube } from '../admin/youtube-failures.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import {
  deleteChannel,
  findChannel,
  insertChannel,
  listChannels,
  presentChannel,
  updateChannel,
} from './channels-repository.js';
import { syncChannel } from './channel-sync.js';
import { askHub, pushAvailable } from './push-subscriptions.js';
import { SYNC_SCHEDULE } from './channel-sync-schedule.js';
import { listRuns, RUNS_PAGE_SIZE } from './sync-runs-repository.js';
import { readSyncSettings, saveSyncSettings } from './sync-settings.js';

const exampleChannel: Channel = {
  id: 1,
  channel_id: 'UCtwangShowCountry000001',
  title: 'The Twang Show',
  is_primary: true,
  paused: false,
  push: true,
  push_state: 'active',
  push_lease_until: '2026-12-07T09:00:00.000Z',
  last_synced_at: '2026-11-27T09:00:02.114Z',
  failures: 0,
  last_failure: null,
  last_error: null,
  retry_at: null,
  created_at: '2026-11-01T12:00:00.000Z',
};

const exampleRun: SyncRun = {
  id: 412,
  channel_id: exampleChannel.channel_id,
  channel_title: exampleChannel.title,
  trigger: 'manual',
  status: 'done',
  started_at: '2026-11-27T09:00:00.880Z',
  finished_at: '2026-11-27T09:00:02.114Z',
  duration_ms: 1234,
  found: 50,
  imported: 2,
  skipped: 48,
  errors: 0,
  error: null,
  units: 3,
};

const removedChannel = z.object({
  id: z.number().int(),
  channel_id: z.string(),
  title: z.string(),
});
const noSuchChannel = errorResponses({ 404: 'No synced channel has that id.' });

/** The Channels screen: the channels the sync follows, Sync Now, its history and settings. */
export async function channelRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function channelOr404(id: number) {
    const channel = await findChannel(app.db, id);
    if (!channel) throw notFound(channelsMessages.channelNotFound);
    return channel;
  }

  routes.get(
    '/admin/channels',
    {
      config: { access: 'admin' },
      schema: {
        summary: "The synced channels, the sync's settings, today's quota and the next sync",
        tags: ['channel sync'],
        response: {
          200: answerWithExample(channelsOverview, {
            status: 200,
            data: {
              channels: [exampleChannel],
              settings: { every_minutes: 60, import_privacy: 'youtube', publish_at_premiere: true },
              quota: { day: '2026-11-27', spent: 212, limit: 10000, sync_stops_at: 9500 },
              next_sync_at: '2026-11-27T10:00:00.000Z',
              api_key_set: true,
              push_available: true,
            },
            message: 'OK',
          }),
        },
      },
    },
    async () => {
      const [rows, settings, quota, schedule] = await Promise.all([
        listChannels(app.db),
        readSyncSettings(app.db, app.config.YOUTUBE_SYNC_MINUTES),
        app.youtubeQuota.today(),
        app.jobs.scheduleState(SYNC_SCHEDULE),
      ]);
      const apiKeySet = Boolean(app.config.YOUTUBE_API_KEY);
      return ok({
        channels: rows.map(presentChannel),
        settings,
        quota,
        next_sync_at: apiKeySet && schedule ? schedule.nextRunAt.toISOString() : null,
        api_key_set: apiKeySet,
        push_available: pushAvailable(app),
      });
    },
  );

  routes.post(
    '/admin/channels',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Follow another YouTube channel (its id, or its youtube.com/channel/ link)',
        description:
          'YouTube is asked for the channel (1 quota unit): its title and uploads playlist are kept. The first sync comes with the next scheduled one, or with Sync Now.',
        tags: ['channel sync'],
        body: bodyWithExamples(addChannelBody, {
          id: { summary: 'A channel id', value: { channel: 'UCporchSessions000000001' } },
          link: {
            summary: 'A channel link, with instant push',
            value: {
              channel: 'https://www.youtube.com/channel/UCporchSessions000000001',
              push: true,
            },
          },
        }),
        response: {
          201: answerWithExample(channelSchema, {
            status: 201,
            data: { ...exampleChannel, id: 2, is_primary: false, push: false, push_state: 'off' },
            message: channelsMessages.channelAdded,
          }),
          ...errorResponses({
            404: 'YouTube has no channel with that id.',
            409: 'That channel is already synced.',
            502: 'YouTube did not answer usably.',
          }),
        },
      },
    },
    async (request, reply) => {
      const channelId = parseYoutubeChannelId(request.body.channel);
      if (!channelId) throw badRequest(channelsMessages.channelInvalid);
      if (request.body.push && !pushAvailable(app)) {
        throw badRequest(channelsMessages.pushNeedsPublicUrl);
      }
      const info = await callYoutube(() => app.youtube.channelInfo(channelId));
      if (!info) throw notFound(channelsMessages.channelMissingOnYoutube);
      const row = await insertChannel(app.db, {
        channelId,
        title: info.title,
        uploadsPlaylistId: info.uploadsPlaylistId,
      });
      if (!row) throw conflict(channelsMessages.channelAlreadyAdded);
      let channel = row;
      if (request.body.push) {
        channel = (await updateChannel(app.db, row.id, { push: true })) ?? row;
        await askHub(app, channel, 'subscribe');
        channel = (await findChannel(app.db, row.id)) ?? channel;
      }
      return created(reply, presentChannel(channel), channelsMessages.channelAdded);
    },
  );

  routes.put(
    '/admin/channels/settings',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Change how often channels sync and how new uploads come in',
        tags: ['channel sync'],
        body: bodyWithExamples(syncSettingsBody, {
          interval: { summary: 'Sync every 30 minutes', value: { every_minutes: 30 } },
          privacy: {
            summary: 'New uploads come in Private; premieres publish at their start',
            value: { import_privacy: 'private', publish_at_premiere: true },
          },
        }),
        response: {
          200: answerWithExample(syncSettingsSchema, {
            status: 200,
            data: { every_minutes: 30, import_privacy: 'private', publish_at_premiere: true },
            message: channelsMessages.settingsSaved,
          }),
        },
      },
    },
    async (request) => {
      const current = await readSyncSettings(app.db, app.config.YOUTUBE_SYNC_MINUTES);
      const settings = { ...current, ...request.body };
      await saveSyncSettings(app.db, settings);
      if (settings.every_minutes !== current.every_minutes) {
        await app.jobs.reschedule(SYNC_SCHEDULE, settings.every_minutes * 60);
      }
      return ok(settings, channelsMessages.settingsSaved);
    },
  );

  routes.get(
    '/admin/channels/runs',
    {
      config: { access: 'admin' },
      schema: {
        summary: `The sync history, newest first, ${RUNS_PAGE_SIZE} runs a page`,
        tags: ['channel sync'],
        querystring: syncRunsQuery,
        response: {
          200: answerWithExample(syncRunPage, {
            status: 200,
            data: { runs: [exampleRun], pageInfo: { total: 1, page: 1, pageSize: RUNS_PAGE_SIZE } },
            message: 'OK',
          }),
        },
      },
    },
    async (request) => {
      const { page } = request.query;
      const { runs, total } = await listRuns(app.db, page);
      return ok({ runs, pageInfo: { total, page, pageSize: RUNS_PAGE_SIZE } });
    },
  );

  routes.put(
    '/admin/channels/:id',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Pause or resume a channel, or turn its instant push on or off',
        tags: ['channel sync'],
        params: channelParams,
        body: bodyWithExamples(updateChannelBody, {
          pause: { summary: 'Pause the channel', value: { paused: true } },
          push: { summary: 'Turn instant push on', value: { push: true } },
        }),
        response: {
          200: answerWithExample(channelSchema, {
            status: 200,
            data: { ...exampleChannel, paused: true },
            message: channelsMessages.channelUpdated,
          }),
          ...noSuchChannel,
        },
      },
    },
    async (request) => {
      const channel = await channelOr404(request.params.id);
      const { paused, push } = request.body;
      if (push && !channel.push && !pushAvailable(app)) {
        throw badRequest(channelsMessages.pushNeedsPublicUrl);
      }
      let row =
        (await updateChannel(app.db, channel.id, {
          ...(paused === undefined ? {} : { paused }),
          ...(push === undefined ? {} : { push }),
          ...(push === false ? { pushState: 'off', pushLeaseUntil: null } : {}),
        })) ?? channel;
      const pushWanted = row.push && !row.paused;
      const pushHeld = channel.push && !channel.paused;
      // A paused channel listens to nothing; resuming (or turning push on) subscribes again.
      if (pushWanted && !pushHeld) await askHub(app, row, 'subscribe');
      if (!pushWanted && pushHeld) {
        await askHub(app, row, 'unsubscribe');
        row =
          (await updateChannel(app.db, row.id, { pushState: 'off', pushLeaseUntil: null })) ?? row;
      }
      row = (await findChannel(app.db, row.id)) ?? row;
      return ok(presentChannel(row), channelsMessages.channelUpdated);
    },
  );

  routes.delete(
    '/admin/channels/:id',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Stop following a channel (its videos stay in the catalogue)',
        tags: ['channel sync'],
        params: channelParams,
        response: {
          200: answerWithExample(removedChannel, {
            status: 200,
            data: { id: 2, channel_id: 'UCporchSessions000000001', title: 'Porch Sessions' },
            message: channelsMessages.channelRemoved,
          }),
          ...noSuchChannel,
        },
      },
    },
    async (request) => {
      const channel = await channelOr404(request.params.id);
      if (channel.push) await askHub(app, channel, 'unsubscribe');
      const removed = await deleteChannel(app.db, channel.id);
      if (!removed) throw notFound(channelsMessages.channelNotFound);
      const { id, channelId, title } = removed;
      return ok({ id, channel_id: channelId, title }, channelsMessages.channelRemoved);
    },
  );

  routes.post(
    '/admin/channels/:id/sync',
    {
      // The sync drops the cached pages itself when it imported something.
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Sync Now: sync one channel and answer with its run',
        description:
          'Runs while the request waits (a few seconds for a channel whose newest uploads are known). A run that failed (YouTube down, the quota spent, the channel deleted) is still answered 200 with `status: failed` and its error: the sync ran.',
        tags: ['channel sync'],
        params: channelParams,
        response: {
          200: answerWithExample(syncRunSchema, {
            status: 200,
            data: exampleRun,
            message: channelsMessages.syncFinished,
          }),
          ...noSuchChannel,
          ...errorResponses({
            409: 'A sync of this channel is running already, or the channel is paused.',
          }),
        },
      },
    },
    async (request) => {
      const channel = await channelOr404(request.params.id);
      if (channel.paused) throw conflict(channelsMessages.syncPaused);
      const run = await syncChannel(app, channel, 'manual');
      if (!run) throw conflict(channelsMessages.syncRunning);
      const message =
        run.status === 'failed' ? channelsMessages.syncFailed : channelsMessages.syncFinished;
      return ok(run, message);
    },
  );
}
