import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { safeMessage } from '@server/lib/safe-errors.js';
import { websubRequestBody, youtubeTopicUrl, type WebsubMode } from '../youtube/websub.js';
import { updateChannel, type ChannelRow } from './channels-repository.js';

/** What Twang asks the hub for; Google's hub grants up to about 10 days. */
export const PUSH_LEASE_SECONDS = 10 * 24 * 3600;

/** The longest lease Twang believes a hub grants; a longer one is read as this. */
export const PUSH_LEASE_MAX_SECONDS = 30 * 24 * 3600;

/**
 * The callback's `v`: a key derived from the subscription's secret, which the hub sends back on
 * each verification GET. Topic and mode are public, so without it anyone could "confirm" a
 * subscription (or a denial) Twang never asked for.
 */
function callbackKey(secret: string): string {
  return createHmac('sha256', secret).update('websub-callback').digest('hex').slice(0, 32);
}

/** Whether a verification GET's `v` is the one of this secret. */
export function isOurCallback(secret: string | null, given: string | null): boolean {
  if (!secret || !given) return false;
  const expected = Buffer.from(callbackKey(secret));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Where the hub verifies a channel's subscription and then POSTs its notifications. */
export function pushCallbackUrl(app: FastifyInstance, channelId: string, secret: string): string {
  const url = new URL(`/websub/youtube/${channelId}`, app.config.PUBLIC_URL);
  url.searchParams.set('v', callbackKey(secret));
  return url.toString();
}

/**
 * The hub must reach the callback: PUBLIC_URL over https, as Google's hub requires of a real
 * site, or any address when the hub is not Google's (a local stand-in in tests).
 */
export function pushAvailable(app: FastifyInstance): boolean {
  const googleHub = new URL(app.config.YOUTUBE_HUB_URL).hostname === 'pubsubhubbub.appspot.com';
  return !googleHub || app.config.PUBLIC_URL.startsWith('https://');
}

/**
 * Asks the hub to (un)subscribe the channel's feed; the hub answers 202 and verifies with a GET
 * to the callback later (websub-routes.ts), which makes the subscription active. The channel
 * keeps one secret (and so one callback) for good: a renewal is the same subscription at the
 * hub, and notifications in flight while it renews still verify. Returns false (and records the
 * failure) when the hub refused or could not be reached.
 */
export async function askHub(
  app: FastifyInstance,
  channel: ChannelRow,
  mode: WebsubMode,
): Promise<boolean> {
  let secret = channel.pushSecret;
  if (mode === 'unsubscribe' && !secret) return true;
  if (!secret) secret = randomBytes(32).toString('hex');
  if (mode === 'subscribe') {
    // Stored before asking: the hub's verification GET may arrive before its 202 does.
    await updateChannel(app.db, channel.id, {
      pushSecret: secret,
      ...(channel.pushState === 'active' ? {} : { pushState: 'pending' as const }),
    });
  }
  const body = websubRequestBody({
    mode,
    callback: pushCallbackUrl(app, channel.channelId, secret),
    topic: youtubeTopicUrl(channel.channelId),
    secret: mode === 'subscribe' ? secret : undefined,
    leaseSeconds: mode === 'subscribe' ? PUSH_LEASE_SECONDS : undefined,
  });
  try {
    const response = await fetch(app.config.YOUTUBE_HUB_URL, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(app.config.YOUTUBE_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 202 || response.status === 204) return true;
    app.log.warn({ status: response.status, mode }, 'the WebSub hub refused the request');
  } catch (error) {
    app.log.warn({ err: safeMessage(error), mode }, 'the WebSub hub could not be reached');
  }
  if (mode === 'subscribe') await updateChannel(app.db, channel.id, { pushState: 'failed' });
  return false;
}
