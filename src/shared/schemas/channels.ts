import { z } from 'zod';
import { channelsMessages } from '../messages/channels.js';
import { pagedList, pageNumberField } from './paging.js';

/** Why a channel's last sync failed, for the screen's words and what it advises. */
export const syncFailureReason = z.enum([
  'quotaExceeded',
  'keyInvalid',
  'channelNotFound',
  'settingMissing',
  'unavailable',
  'internal',
]);
export type SyncFailureReason = z.infer<typeof syncFailureReason>;

/** A channel's push subscription: off, asked of the hub, confirmed by it, or refused. */
export const pushState = z.enum(['off', 'pending', 'active', 'failed']);
export type PushState = z.infer<typeof pushState>;

/** One YouTube channel the sync follows (GET /api/admin/channels). */
export const channelSchema = z.object({
  id: z.number().int(),
  /** YouTube's id: UC and 22 characters. */
  channel_id: z.string(),
  title: z.string(),
  /** The channel of YOUTUBE_CHANNEL_ID, added at the first start. */
  is_primary: z.boolean(),
  paused: z.boolean(),
  /** Instant push (WebSub) asked for. */
  push: z.boolean(),
  push_state: pushState,
  /** ISO 8601: when the hub's subscription ends unless renewed (it is renewed before). */
  push_lease_until: z.string().nullable(),
  /** ISO 8601 of the last sync that ended, whatever its outcome. */
  last_synced_at: z.string().nullable(),
  /** Failed syncs in a row; 0 after a good one. */
  failures: z.number().int(),
  last_failure: syncFailureReason.nullable(),
  /** The last failure in words, for the screen. */
  last_error: z.string().nullable(),
  /** ISO 8601: a failing channel is not tried again before this (backoff). */
  retry_at: z.string().nullable(),
  created_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

/** What Sync Now, the schedule or a push started. */
export const syncTrigger = z.enum(['schedule', 'manual', 'push']);
export type SyncTrigger = z.infer<typeof syncTrigger>;

export const syncRunStatus = z.enum(['running', 'done', 'failed', 'interrupted']);
export type SyncRunStatus = z.infer<typeof syncRunStatus>;

/** One sync of one channel (the history panel). */
export const syncRunSchema = z.object({
  id: z.number().int(),
  channel_id: z.string(),
  channel_title: z.string(),
  trigger: syncTrigger,
  status: syncRunStatus,
  /** ISO 8601. */
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Uploads the channel's playlist listed this run (only the pages read). */
  found: z.number().int(),
  imported: z.number().int(),
  /** Already in the catalogue, or no longer readable on YouTube. */
  skipped: z.number().int(),
  /** Videos or calls that failed; the others went on. */
  errors: z.number().int(),
  error: z.string().nullable(),
  /** Quota units the run spent. */
  units: z.number().int(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncRunsQuery = z.object({ page: pageNumberField.default(1) });
export const syncRunPage = pagedList('runs', syncRunSchema);
export type SyncRunPage = z.infer<typeof syncRunPage>;

/** How new uploads come in. */
export const importPrivacy = z.enum(['youtube', 'public', 'private']);
export type ImportPrivacy = z.infer<typeof importPrivacy>;

export const SYNC_MINUTES_MIN = 5;
export const SYNC_MINUTES_MAX = 1440;

export const syncSettingsSchema = z.object({
  /** Minutes between scheduled syncs. */
  every_minutes: z.number().int(),
  /** 'youtube': Public when public on YouTube, else Private. */
  import_privacy: importPrivacy,
  /** A premiere comes in Private and is published at its start time. */
  publish_at_premiere: z.boolean(),
});
export type SyncSettings = z.infer<typeof syncSettingsSchema>;

export const syncSettingsBody = z
  .object({
    every_minutes: z
      .number({ error: channelsMessages.everyMinutesInvalid })
      .int(channelsMessages.everyMinutesInvalid)
      .min(SYNC_MINUTES_MIN, channelsMessages.everyMinutesInvalid)
      .max(SYNC_MINUTES_MAX, channelsMessages.everyMinutesInvalid)
      .optional(),
    import_privacy: z
      .enum(importPrivacy.options, { error: channelsMessages.importPrivacyInvalid })
      .optional(),
    publish_at_premiere: z.boolean({ error: channelsMessages.publishAtPremiereInvalid }).optional(),
  })
  .strict();
export type SyncSettingsBody = z.infer<typeof syncSettingsBody>;

/** YouTube's quota today (its day ends at midnight Pacific time). */
export const quotaTodaySchema = z.object({
  /** YYYY-MM-DD, Pacific. */
  day: z.string(),
  spent: z.number().int(),
  limit: z.number().int(),
  /** The sync stops here, leaving the rest for administrators' imports. */
  sync_stops_at: z.number().int(),
});
export type QuotaToday = z.infer<typeof quotaTodaySchema>;

/** GET /api/admin/channels: the Channels screen. */
export const channelsOverview = z.object({
  channels: z.array(channelSchema),
  settings: syncSettingsSchema,
  quota: quotaTodaySchema,
  /** ISO 8601 of the next scheduled sync; null when no key is set. */
  next_sync_at: z.string().nullable(),
  /** False when YOUTUBE_API_KEY is not set: nothing can sync. */
  api_key_set: z.boolean(),
  /** False when PUBLIC_URL is not https or not set: the hub could not reach the callback. */
  push_available: z.boolean(),
});
export type ChannelsOverview = z.infer<typeof channelsOverview>;

export const addChannelBody = z
  .object({
    channel: z
      .string({ error: channelsMessages.channelRequired })
      .trim()
      .min(1, channelsMessages.channelRequired)
      .max(2048, channelsMessages.channelInvalid),
    push: z.boolean({ error: channelsMessages.pushInvalid }).optional(),
  })
  .strict();

export const channelParams = z.object({
  id: z.coerce
    .number({ error: channelsMessages.channelIdInvalid })
    .int(channelsMessages.channelIdInvalid)
    .min(1, channelsMessages.channelIdInvalid)
    .max(2_147_483_647, channelsMessages.channelIdInvalid),
});

export const updateChannelBody = z
  .object({
    paused: z.boolean({ error: channelsMessages.pausedInvalid }).optional(),
    push: z.boolean({ error: channelsMessages.pushInvalid }).optional(),
  })
  .strict()
  .refine((body) => body.paused !== undefined || body.push !== undefined, {
    error: channelsMessages.nothingToChange,
  });
