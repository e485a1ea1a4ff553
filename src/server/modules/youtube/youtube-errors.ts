/**
 * YouTube refused our credentials: a bad key, or a 401/403 from the Data API (quota included).
 * Only the channel owner can fix it, so routes answer 401 and ask the admin to sign in to YouTube.
 */
export class YoutubeAuthError extends Error {
  override name = 'YoutubeAuthError';
}

/** YouTube could not be reached or answered nonsense: a time-out, a network failure, a 5xx, bad JSON. */
export class YoutubeUnavailableError extends Error {
  override name = 'YoutubeUnavailableError';
}

/**
 * The server lacks a setting YouTube calls need: no one can fix that by signing in, so the
 * answer names the setting, with a 503 (admin/youtube-failures.ts).
 */
export class YoutubeSettingMissingError extends YoutubeAuthError {
  override name = 'YoutubeSettingMissingError';
  constructor(readonly setting: 'YOUTUBE_API_KEY' | 'YOUTUBE_CHANNEL_ID') {
    super(`${setting} is not set`);
  }
}
