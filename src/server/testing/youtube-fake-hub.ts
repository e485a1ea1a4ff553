import { createHmac, randomBytes } from 'node:crypto';
import { channelIdFromTopic, youtubeTopicUrl } from '../modules/youtube/websub.js';
import type { FakeAnswer, YoutubeFakeState } from './youtube-fake-data-api.js';

// The WebSub hub half of the fake YouTube (Google's hub at pubsubhubbub.appspot.com): POST
// /subscribe answers 202, then verifies the intent with a GET to the callback (WebSub §5.3);
// publish() POSTs a signed Atom notification to each verified subscriber (§7, §8).

/** Google's hub grants five days when the subscriber asks for no lease. */
const DEFAULT_LEASE_SECONDS = 432_000;
/** The hub's own deadline for a callback, so a test's dead callback cannot hold it open. */
const CALLBACK_TIMEOUT_MS = 2000;

export interface FakeSubscription {
  callback: string;
  topic: string;
  channelId: string;
  secret: string | null;
  leaseSeconds: number;
}

/** Each subscribe or unsubscribe request and how its verification ended. */
export interface FakeHubRequest {
  mode: 'subscribe' | 'unsubscribe';
  callback: string;
  topic: string;
  outcome: 'pending' | 'verified' | 'refused';
}

export interface FakeHubState {
  /** Verified subscriptions, one per callback and topic. */
  subscriptions: FakeSubscription[];
  requests: FakeHubRequest[];
}

export interface FakeDelivery {
  callback: string;
  status: number;
}

export interface FakeHub {
  state: FakeHubState;
  subscribe: (body: string) => FakeAnswer;
  /** Resolves once every verification GET started so far has ended. */
  idle: () => Promise<void>;
  publish: (channelId: string, atom: string) => Promise<FakeDelivery[]>;
}

export function createFakeHub(): FakeHub {
  const state: FakeHubState = { subscriptions: [], requests: [] };
  const pending = new Set<Promise<void>>();

  async function verify(request: FakeHubRequest, subscription: FakeSubscription): Promise<void> {
    const challenge = randomBytes(16).toString('hex');
    const url = new URL(request.callback);
    url.searchParams.set('hub.mode', request.mode);
    url.searchParams.set('hub.topic', request.topic);
    url.searchParams.set('hub.challenge', challenge);
    if (request.mode === 'subscribe') {
      url.searchParams.set('hub.lease_seconds', String(subscription.leaseSeconds));
    }
    // §5.3.1: the subscriber confirms with a 2xx whose body is exactly the challenge; a callback
    // that cannot be reached confirms nothing.
    const confirmed = await fetch(url, { signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS) })
      .then(
        async (response) => response.ok && (await response.text()) === challenge,
        () => false,
      )
      .catch(() => false);
    request.outcome = confirmed ? 'verified' : 'refused';
    if (!confirmed) return;
    const others = state.subscriptions.filter(
      (existing) => existing.callback !== request.callback || existing.topic !== request.topic,
    );
    state.subscriptions = request.mode === 'subscribe' ? [...others, subscription] : others;
  }

  return {
    state,
    subscribe(body) {
      const form = new URLSearchParams(body);
      const mode = form.get('hub.mode');
      const callback = form.get('hub.callback') ?? '';
      const topic = form.get('hub.topic') ?? '';
      const secret = form.get('hub.secret');
      const lease = form.get('hub.lease_seconds');
      if (mode !== 'subscribe' && mode !== 'unsubscribe') {
        return { status: 400, text: 'Invalid value for hub.mode' };
      }
      if (!URL.canParse(callback) || !/^https?:$/.test(new URL(callback).protocol)) {
        return { status: 400, text: 'Invalid value for hub.callback' };
      }
      const channelId = channelIdFromTopic(topic);
      if (!channelId) return { status: 400, text: 'Invalid value for hub.topic' };
      if (secret !== null && (secret === '' || Buffer.byteLength(secret) >= 200)) {
        return { status: 400, text: 'Invalid value for hub.secret' };
      }
      const leaseSeconds = lease === null ? DEFAULT_LEASE_SECONDS : Number(lease);
      if (!Number.isSafeInteger(leaseSeconds) || leaseSeconds <= 0) {
        return { status: 400, text: 'Invalid value for hub.lease_seconds' };
      }
      const request: FakeHubRequest = { mode, callback, topic, outcome: 'pending' };
      state.requests.push(request);
      const subscription = { callback, topic, channelId, secret, leaseSeconds };
      const verification = verify(request, subscription).finally(() =>
        pending.delete(verification),
      );
      pending.add(verification);
      return { status: 202, text: '' };
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async publish(channelId, atom) {
      const deliveries: FakeDelivery[] = [];
      for (const subscription of state.subscriptions) {
        if (subscription.channelId !== channelId) continue;
        const headers: Record<string, string> = {
          'content-type': 'application/atom+xml',
          link: `<https://pubsubhubbub.appspot.com>; rel=hub, <${subscription.topic}>; rel=self`,
        };
        if (subscription.secret) {
          const hmac = createHmac('sha1', subscription.secret).update(atom).digest('hex');
          headers['x-hub-signature'] = `sha1=${hmac}`;
        }
        const response = await fetch(subscription.callback, {
          method: 'POST',
          headers,
          body: atom,
          signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        deliveries.push({ callback: subscription.callback, status: response.status });
      }
      return deliveries;
    },
  };
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The notification YouTube's hub sends for an upload (or an edit of its title or description). */
export function uploadNotification(
  state: YoutubeFakeState,
  channelId: string,
  videoId: string,
): string {
  const video = state.videos.get(videoId);
  const channelTitle = escapeXml(state.channels.get(channelId)?.title ?? '');
  const topic = youtubeTopicUrl(channelId);
  const now = new Date().toISOString();
  return `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns="http://www.w3.org/2005/Atom">
  <link rel="hub" href="https://pubsubhubbub.appspot.com"/>
  <link rel="self" href="${escapeXml(topic)}"/>
  <title>YouTube video feed</title>
  <updated>${now}</updated>
  <entry>
    <id>yt:video:${videoId}</id>
    <yt:videoId>${videoId}</yt:videoId>
    <yt:channelId>${channelId}</yt:channelId>
    <title>${escapeXml(video?.title ?? '')}</title>
    <link rel="alternate" href="https://www.youtube.com/watch?v=${videoId}"/>
    <author>
      <name>${channelTitle}</name>
      <uri>https://www.youtube.com/channel/${channelId}</uri>
    </author>
    <published>${video?.publishedAt ?? now}</published>
    <updated>${now}</updated>
  </entry>
</feed>`;
}

/** The tombstone (RFC 6721) YouTube's hub sends when a video is deleted. */
export function deletionNotification(
  state: YoutubeFakeState,
  channelId: string,
  videoId: string,
): string {
  const channelTitle = escapeXml(state.channels.get(channelId)?.title ?? '');
  return `<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:at="http://purl.org/atompub/tombstones/1.0" xmlns="http://www.w3.org/2005/Atom">
  <at:deleted-entry ref="yt:video:${videoId}" when="${new Date().toISOString()}">
    <link href="https://www.youtube.com/watch?v=${videoId}"/>
    <at:by>
      <name>${channelTitle}</name>
      <uri>https://www.youtube.com/channel/${channelId}</uri>
    </at:by>
  </at:deleted-entry>
</feed>`;
}
