/**
 * Why a YouTube call failed, for callers that must act differently: a scheduled sync waits for
 * tomorrow's quota, tells the admin to replace a revoked key, drops a deleted channel, or retries
 * later when YouTube is down.
 */
export type YoutubeFailureReason =
  'quotaExceeded' | 'keyInvalid' | 'channelNotFound' | 'settingMissing' | 'unavailable';

export type YoutubeAuthReason = Exclude<YoutubeFailureReason, 'unavailable'>;

/**
 * YouTube refused our credentials: a bad key, or a 401/403 from the Data API (quota included).
 * Only the channel owner can fix it, so routes answer 401 and ask the admin to sign in to YouTube.
 */
export class YoutubeAuthError extends Error {
  override name = 'YoutubeAuthError';
  constructor(
    message: string,
    readonly reason: YoutubeAuthReason = 'keyInvalid',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The quota is spent: YouTube answered 403 quotaExceeded (`source: 'youtube'`), or the caller's
 * QuotaGuard stopped the call before it was sent (`source: 'guard'`), so a sync can stop short of
 * YouTube's daily limit and leave units for the admin's imports. Still an auth error, so the admin
 * routes keep answering as they do for YouTube's own quota 403.
 */
export class YoutubeQuotaError extends YoutubeAuthError {
  override name = 'YoutubeQuotaError';
  constructor(
    message: string,
    readonly source: 'youtube' | 'guard',
  ) {
    super(message, 'quotaExceeded');
  }
}

/** YouTube could not be reached or answered nonsense: a time-out, a network failure, a 5xx, bad JSON. */
export class YoutubeUnavailableError extends Error {
  override name = 'YoutubeUnavailableError';
  readonly reason = 'unavailable';
}

/**
 * The server lacks a setting YouTube calls need: no one can fix that by signing in, so the
 * answer names the setting, with a 503 (admin/youtube-failures.ts).
 */
export class YoutubeSettingMissingError extends YoutubeAuthError {
  override name = 'YoutubeSettingMissingError';
  constructor(readonly setting: 'YOUTUBE_API_KEY' | 'YOUTUBE_CHANNEL_ID') {
    super(`${setting} is not set`, 'settingMissing');
  }
}

/** The reason behind any error a YouTube call threw; null for errors that are not YouTube's. */
export function youtubeFailureReason(error: unknown): YoutubeFailureReason | null {
  if (error instanceof YoutubeAuthError || error instanceof YoutubeUnavailableError) {
    return error.reason;
  }
  return null;
}
