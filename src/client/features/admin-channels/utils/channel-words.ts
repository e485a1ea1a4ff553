import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import type {
  Channel,
  ImportPrivacy,
  SyncRun,
  SyncRunStatus,
  SyncTrigger,
} from '@shared/schemas/channels.js';

/** As the audit screen writes its times: 'Mar 5, 2024, 3:00 PM'. */
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** The full time, for a title. */
const FULL = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long' });

export const formatWhen = (iso: string): string => WHEN.format(new Date(iso));
export const formatFull = (iso: string): string => FULL.format(new Date(iso));

const NUMBER = new Intl.NumberFormat('en-US');
export const formatCount = (count: number): string => NUMBER.format(count);

/** '850 ms', '1.2 s', '2 min 5 s'. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

export const TRIGGER_WORDS: Record<SyncTrigger, string> = {
  schedule: u.scheduled,
  manual: u.manual,
  push: u.push,
};

export const STATUS_WORDS: Record<SyncRunStatus, string> = {
  running: u.running,
  done: u.done,
  failed: u.failed,
  interrupted: u.interrupted,
};

export const IMPORT_PRIVACY_WORDS: Record<ImportPrivacy, string> = {
  youtube: u.importYoutube,
  public: u.importPublic,
  private: u.importPrivate,
};

/** A channel's instant push in words. */
export function pushWords(channel: Channel): string {
  switch (channel.push_state) {
    case 'off':
      return u.pushOff;
    case 'pending':
      return u.pushPending;
    case 'failed':
      return u.pushRefused;
    case 'active':
      return channel.push_lease_until
        ? `Active until ${formatWhen(channel.push_lease_until)}`
        : u.active;
  }
}

/** What a finished Sync now did, for the live region. */
export function syncOutcome(title: string, run: SyncRun): string {
  if (run.status === 'failed' || run.status === 'interrupted') {
    return `${title}: ${u.syncFailed}${run.error ? `: ${run.error}` : ''}`;
  }
  const counts = [
    `imported ${formatCount(run.imported)}`,
    `skipped ${formatCount(run.skipped)}`,
    `errors ${formatCount(run.errors)}`,
  ].join(', ');
  return `${title}: ${u.syncFinished}, ${counts}.`;
}

/**
 * A channel's name on the screen: the primary channel has no title until its first sync reads
 * it (the server adds it at start without asking YouTube), so its id stands in.
 */
export const channelName = (title: string, channelId: string): string => title.trim() || channelId;

/** The YouTube page of a channel. */
export const channelUrl = (channelId: string): string =>
  `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;
