import { createHmac, timingSafeEqual } from 'node:crypto';

// WebSub (W3C Recommendation, formerly PubSubHubbub) as YouTube's push notifications use it:
// https://www.w3.org/TR/websub/ and https://developers.google.com/youtube/v3/guides/push_notifications

/** Google's hub, the one YouTube publishes channel feeds to. */
export const YOUTUBE_HUB_URL = 'https://pubsubhubbub.appspot.com/subscribe';

const TOPIC_ORIGIN = 'https://www.youtube.com';
/** YouTube's documentation spells the feed both ways; the hub treats them as separate topics. */
const TOPIC_PATHS = new Set(['/xml/feeds/videos.xml', '/feeds/videos.xml']);
/** WebSub §5.1: a secret "MUST be less than 200 bytes". */
const SECRET_MAX_BYTES = 199;

export type WebsubMode = 'subscribe' | 'unsubscribe';

/** The topic a hub knows a channel's uploads by. */
export function youtubeTopicUrl(channelId: string): string {
  const url = new URL('/xml/feeds/videos.xml', TOPIC_ORIGIN);
  url.searchParams.set('channel_id', channelId);
  return url.toString();
}

/** The channel a YouTube feed topic names, or null when the topic is not one. */
export function channelIdFromTopic(topic: string): string | null {
  let url: URL;
  try {
    url = new URL(topic);
  } catch {
    return null;
  }
  if (url.origin !== TOPIC_ORIGIN && url.origin !== 'http://www.youtube.com') return null;
  if (!TOPIC_PATHS.has(url.pathname)) return null;
  return url.searchParams.get('channel_id') || null;
}

export interface WebsubSubscription {
  mode: WebsubMode;
  /** Where the hub sends the verification GET and, once verified, the notifications. */
  callback: string;
  topic: string;
  /** Makes the hub sign each notification (X-Hub-Signature); unsubscribes need none. */
  secret?: string | undefined;
  /** How long the subscription should last; the hub may grant less and says so when verifying. */
  leaseSeconds?: number | undefined;
}

export class WebsubRequestError extends Error {
  override name = 'WebsubRequestError';
}

/**
 * The form body (application/x-www-form-urlencoded) to POST to the hub. hub.verify=async is
 * PubSubHubbub 0.3's field, which Google's hub still reads; WebSub hubs ignore it.
 */
export function websubRequestBody(request: WebsubSubscription): URLSearchParams {
  const callback = httpUrl(request.callback);
  if (!callback) throw new WebsubRequestError('hub.callback must be an http(s) URL');
  if (!channelIdFromTopic(request.topic) && !httpUrl(request.topic)) {
    throw new WebsubRequestError('hub.topic must be an http(s) URL');
  }
  const body = new URLSearchParams({
    'hub.callback': callback,
    'hub.topic': request.topic,
    'hub.mode': request.mode,
    'hub.verify': 'async',
  });
  if (request.secret !== undefined) {
    const bytes = Buffer.byteLength(request.secret);
    if (bytes === 0 || bytes > SECRET_MAX_BYTES) {
      throw new WebsubRequestError('hub.secret must be 1 to 199 bytes');
    }
    body.set('hub.secret', request.secret);
  }
  if (request.leaseSeconds !== undefined) {
    if (!Number.isSafeInteger(request.leaseSeconds) || request.leaseSeconds <= 0) {
      throw new WebsubRequestError('hub.lease_seconds must be a positive whole number');
    }
    body.set('hub.lease_seconds', String(request.leaseSeconds));
  }
  return body;
}

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export type VerificationAnswer =
  | { ok: true; challenge: string; mode: WebsubMode; leaseSeconds: number | null }
  | { ok: false; reason: string };

/**
 * Judges the hub's verification GET (WebSub §5.3): it must be for the mode and topic the
 * subscriber asked for. `ok` answers 200 with the challenge as the body; anything else answers
 * 404 so the hub drops the request (a forged GET then subscribes no one).
 */
export function verifyHubChallenge(
  query: URLSearchParams,
  expected: { mode: WebsubMode; topic: string },
): VerificationAnswer {
  const mode = query.get('hub.mode');
  const topic = query.get('hub.topic');
  const challenge = query.get('hub.challenge');
  if (mode === 'denied') {
    return { ok: false, reason: `the hub denied it: ${query.get('hub.reason') ?? 'no reason'}` };
  }
  if (mode !== expected.mode) return { ok: false, reason: `hub.mode is not ${expected.mode}` };
  if (topic !== expected.topic) return { ok: false, reason: 'hub.topic is not ours' };
  if (!challenge) return { ok: false, reason: 'hub.challenge is missing' };
  const lease = query.get('hub.lease_seconds');
  let leaseSeconds: number | null = null;
  if (lease !== null) {
    leaseSeconds = Number(lease);
    if (!Number.isSafeInteger(leaseSeconds) || leaseSeconds < 0) {
      return { ok: false, reason: 'hub.lease_seconds is not a whole number' };
    }
  }
  return { ok: true, challenge, mode, leaseSeconds };
}

/** The hash functions WebSub §8 names for X-Hub-Signature. */
const SIGNATURE_METHODS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);

export type SignatureCheck = 'valid' | 'invalid' | 'missing';

/**
 * Checks X-Hub-Signature (`method=hex HMAC of the raw body` keyed with our hub.secret). The
 * subscriber still answers 2xx to an 'invalid' or 'missing' one and drops the notification
 * (WebSub §8), so a forger learns nothing. The body must be the bytes as received, not re-encoded.
 */
export function verifyHubSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
): SignatureCheck {
  if (!header) return 'missing';
  const separator = header.indexOf('=');
  if (separator <= 0) return 'invalid';
  const method = header.slice(0, separator).trim().toLowerCase();
  const hex = header.slice(separator + 1).trim();
  if (!SIGNATURE_METHODS.has(method) || !/^[0-9a-f]+$/i.test(hex) || hex.length % 2 !== 0) {
    return 'invalid';
  }
  const expected = createHmac(method, secret).update(rawBody).digest();
  const given = Buffer.from(hex, 'hex');
  // timingSafeEqual needs equal lengths; a length tells nothing about the secret.
  if (given.length !== expected.length) return 'invalid';
  return timingSafeEqual(given, expected) ? 'valid' : 'invalid';
}
