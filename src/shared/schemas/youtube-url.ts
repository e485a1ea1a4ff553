/** A YouTube video id: exactly 11 of [0-9A-Za-z_-]. */
export const YOUTUBE_ID_PATTERN = /^[0-9A-Za-z_-]{11}$/;

// Exact host names only: a suffix test would let youtube.com.evil.com through.
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
]);
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** Path prefixes that carry the id as the next segment: /shorts/ID, /embed/ID, /live/ID, /v/ID. */
const ID_PATH_PREFIXES = new Set(['shorts', 'embed', 'live', 'v', 'e']);

const MAX_LINK_LENGTH = 2048;

export function isYoutubeId(value: string): boolean {
  return YOUTUBE_ID_PATTERN.test(value);
}

/**
 * The video id in any form of YouTube link an admin might paste (watch?v=, youtu.be/, shorts/,
 * embed/, live/, v/, youtube-nocookie.com, m./music./www. hosts, with or without a scheme, extra
 * parameters in any order), or a bare id. Anything else, including other hosts and non-http
 * schemes, is null.
 */
export function parseYoutubeId(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  if (text === '' || text.length > MAX_LINK_LENGTH) return null;
  if (isYoutubeId(text)) return text;
  const url = toUrl(text);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (SHORT_HOSTS.has(host)) {
    candidate = segments[0];
  } else if (YOUTUBE_HOSTS.has(host) || NOCOOKIE_HOSTS.has(host)) {
    const [first, second] = segments;
    if (first === 'watch' && !NOCOOKIE_HOSTS.has(host)) candidate = url.searchParams.get('v');
    else if (first !== undefined && ID_PATH_PREFIXES.has(first)) candidate = second;
  }
  return candidate && isYoutubeId(candidate) ? candidate : null;
}

/** Parses with or without a scheme; 'youtube.com:443/…' is a host with a port, not a scheme. */
function toUrl(text: string): URL | null {
  let absolute = text;
  if (text.startsWith('//')) absolute = `https:${text}`;
  else if (!/^https?:\/\//i.test(text)) {
    if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return null;
    absolute = `https://${text}`;
  }
  try {
    return new URL(absolute);
  } catch {
    return null;
  }
}

/** A YouTube channel id: UC and 22 of [0-9A-Za-z_-]. */
export const CHANNEL_ID_PATTERN = /^UC[0-9A-Za-z_-]{22}$/;

/**
 * The channel id in a bare id or a youtube.com/channel/ID link (any of YouTube's hosts, with or
 * without a scheme, extra segments such as /videos allowed). Handles (@name) and custom URLs
 * are null: resolving them costs a search, which the sync never spends.
 */
export function parseYoutubeChannelId(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  if (text === '' || text.length > MAX_LINK_LENGTH) return null;
  if (CHANNEL_ID_PATTERN.test(text)) return text;
  const url = toUrl(text);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!YOUTUBE_HOSTS.has(host)) return null;
  const [first, second] = url.pathname.split('/').filter(Boolean);
  return first === 'channel' && second && CHANNEL_ID_PATTERN.test(second) ? second : null;
}
