import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeVideo } from '@server/testing/youtube-fake-catalogue.js';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';
import {
  verifyHubChallenge,
  verifyHubSignature,
  websubRequestBody,
  youtubeTopicUrl,
  type SignatureCheck,
  type WebsubMode,
} from './websub.js';
import { parseYoutubeNotification, type YoutubeNotification } from './youtube-push-feed.js';

// The round trip a subscriber makes with the fake hub: subscribe, answer the verification GET,
// receive signed notifications. The subscriber is a tiny local server built from websub.ts.

interface Subscriber {
  url: string;
  /** What the subscriber expects the hub to verify; a mismatch refuses the GET. */
  expect: { mode: WebsubMode; topic: string };
  secret: string;
  received: { signature: SignatureCheck; notification: YoutubeNotification | null }[];
  close: () => Promise<void>;
}

async function startSubscriber(topic: string, secret: string): Promise<Subscriber> {
  const subscriber: Omit<Subscriber, 'url' | 'close'> = {
    expect: { mode: 'subscribe', topic },
    secret,
    received: [],
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET') {
      const answer = verifyHubChallenge(url.searchParams, subscriber.expect);
      if (answer.ok)
        response.writeHead(200, { 'content-type': 'text/plain' }).end(answer.challenge);
      else response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = request.headers['x-hub-signature'];
      const signature = verifyHubSignature(
        raw,
        typeof header === 'string' ? header : undefined,
        subscriber.secret,
      );
      // WebSub §8: a 2xx whatever the signature, the notification kept only when it is valid.
      subscriber.received.push({
        signature,
        notification: signature === 'valid' ? parseYoutubeNotification(raw) : null,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(subscriber, {
    url: `http://127.0.0.1:${port}/websub/youtube`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const OTHER_CHANNEL = 'UCporchSessions000000001';
let fake: YoutubeFake;
let subscriber: Subscriber;
let topic: string;

beforeEach(async () => {
  fake = await startYoutubeFake({ otherChannels: [{ id: OTHER_CHANNEL }] });
  topic = youtubeTopicUrl(fake.channelId);
  subscriber = await startSubscriber(topic, 'the-secret');
});
afterEach(async () => {
  await fake.close();
  await subscriber.close();
});

async function ask(mode: WebsubMode, fields: { secret?: string; topic?: string } = {}) {
  const response = await fetch(fake.hubUrl, {
    method: 'POST',
    body: websubRequestBody({
      mode,
      callback: subscriber.url,
      topic: fields.topic ?? topic,
      secret: fields.secret,
      leaseSeconds: mode === 'subscribe' ? 864000 : undefined,
    }),
  });
  await fake.hubIdle();
  return response.status;
}

describe('the WebSub round trip with the fake hub', () => {
  it('subscribes after verifying with the callback, then delivers signed notifications', async () => {
    expect(await ask('subscribe', { secret: 'the-secret' })).toBe(202);
    expect(fake.hub.requests).toEqual([
      { mode: 'subscribe', callback: subscriber.url, topic, outcome: 'verified' },
    ]);
    expect(fake.hub.subscriptions).toEqual([
      {
        callback: subscriber.url,
        topic,
        channelId: fake.channelId,
        secret: 'the-secret',
        leaseSeconds: 864000,
      },
    ]);

    const video = fake.addUpload(fake.channelId, fakeVideo({ id: 'newUpload01', title: 'A & B' }));
    expect(await fake.publish(fake.channelId, video.id)).toEqual([
      { callback: subscriber.url, status: 204 },
    ]);
    expect(await fake.publishDeletion(fake.channelId, video.id)).toHaveLength(1);
    expect(subscriber.received.map((delivery) => delivery.signature)).toEqual(['valid', 'valid']);
    const [added, deleted] = subscriber.received.map((delivery) => delivery.notification);
    expect(added?.added).toEqual([
      expect.objectContaining({
        videoId: 'newUpload01',
        channelId: fake.channelId,
        title: 'A & B',
      }),
    ]);
    expect(deleted).toEqual({
      added: [],
      deleted: [{ videoId: 'newUpload01', channelId: fake.channelId, deletedAt: expect.any(Date) }],
    });
  });

  it('delivers only the channel subscribed to', async () => {
    await ask('subscribe', { secret: 'the-secret' });
    expect(await fake.publish(OTHER_CHANNEL, 'porch000001')).toEqual([]);
    expect(subscriber.received).toEqual([]);
  });

  it('a notification signed with another secret, or unsigned, is answered 2xx and dropped', async () => {
    await ask('subscribe', { secret: 'not-what-we-expect' });
    expect(await fake.publish(fake.channelId, 'someVideo01')).toEqual([
      { callback: subscriber.url, status: 204 },
    ]);
    await ask('subscribe');
    expect(await fake.publish(fake.channelId, 'someVideo01')).toEqual([
      { callback: subscriber.url, status: 204 },
    ]);
    expect(subscriber.received).toEqual([
      { signature: 'invalid', notification: null },
      { signature: 'missing', notification: null },
    ]);
  });

  it('records no subscription when the callback refuses the verification', async () => {
    subscriber.expect = { mode: 'subscribe', topic: youtubeTopicUrl(OTHER_CHANNEL) };
    expect(await ask('subscribe', { secret: 'the-secret' })).toBe(202);
    expect(fake.hub.requests[0]?.outcome).toBe('refused');
    expect(fake.hub.subscriptions).toEqual([]);
    expect(await fake.publish(fake.channelId, 'someVideo01')).toEqual([]);
  });

  it('unsubscribes once the callback confirms it', async () => {
    await ask('subscribe', { secret: 'the-secret' });
    subscriber.expect = { mode: 'unsubscribe', topic };
    expect(await ask('unsubscribe')).toBe(202);
    expect(fake.hub.requests.map((request) => request.outcome)).toEqual(['verified', 'verified']);
    expect(fake.hub.subscriptions).toEqual([]);
  });

  it('refuses a request that is not for a YouTube feed or lacks a mode', async () => {
    const bad = await fetch(fake.hubUrl, {
      method: 'POST',
      body: new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.callback': subscriber.url,
        'hub.topic': 'https://example.com/feed',
      }),
    });
    expect(bad.status).toBe(400);
    const noMode = await fetch(fake.hubUrl, {
      method: 'POST',
      body: new URLSearchParams({ 'hub.callback': subscriber.url, 'hub.topic': topic }),
    });
    expect(noMode.status).toBe(400);
    expect(fake.hub.requests).toEqual([]);
  });
});
