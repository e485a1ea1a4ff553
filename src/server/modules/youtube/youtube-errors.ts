/**
 * YouTube refused our credentials: no API key or channel configured, a bad key, or a 401/403 from
 * the Data API (quota included). Only the channel owner can fix it, so routes answer 401 and ask the
 * admin to sign in to YouTube.
 */
export class YoutubeAuthError extends Error {
  override name = 'YoutubeAuthError';
}

/** YouTube could not be reached or answered nonsense: a time-out, a network failure, a 5xx, bad JSON. */
export class YoutubeUnavailableError extends Error {
  override name = 'YoutubeUnavailableError';
}
