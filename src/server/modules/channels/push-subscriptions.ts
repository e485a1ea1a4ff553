import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { safeMessage } from '@server/lib/safe-errors.js';
import { websubRequestBody, youtubeTopicUrl, type WebsubMode } from '../youtube/websub.js';
import { updateChannel, type ChannelRow } from './channels-repository.js';

/** What Twang asks the hub for; Google's hub grants up to about 10 days. */
export const PUSH_LEASE_SECONDS = 10 * 24 * 3600;

/** Where the hub verifies a channel's subscription and then POSTs its notifications. */
export function pushCallbackUrl(app: FastifyInstance, channelId: string): string {
  return new URL(`/websub/youtube/${channelId}`, app.config.PUBLIC_URL).toString();
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
 * to the callback later (websub-routes.ts), which makes the subscription active. A subscribe
 * gets a new secret each time, so a leaked old one stops signing anything once renewed.
 * Returns false (and records the failure) when the hub refused or could not be reached.
 */
export async function askHub(
  app: FastifyInstance,
  channel: ChannelRow,
  mode: WebsubMode,
): Promise<boolean> {
  const secret = mode === 'subscribe' ? randomBytes(32).toString('hex') : undefined;
  if (mode === 'subscribe') {
    // Stored before asking: the hub's verification GET may arrive before its 202 does.
    await updateChannel(app.db, channel.id, { pushSecret: secret, pushState: 'pending' });
  }
  const body = websubRequestBody({
    mode,
    callback: pushCallbackUrl(app, channel.channelId),
    topic: youtubeTopicUrl(channel.channelId),
    secret,
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
