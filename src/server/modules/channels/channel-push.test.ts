import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelsMessages } from '@shared/messages/channels.js';
import type { Channel, ChannelsOverview, SyncRunPage } from '@shared/schemas/channels.js';
import { jobs, videos, youtubeChannels } from '@server/db/schema.js';
import { callApi, signedInAdmin, type Caller } from '@server/testing/factories.js';
import { freePort } from '@server/testing/free-port.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import {
  fakeChannelUploads,
  fakeVideo,
  fakeYoutubeId,
} from '@server/testing/youtube-fake-catalogue.js';
import { uploadNotification } from '@server/testing/youtube-fake-hub.js';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';
import { youtubeTopicUrl } from '../youtube/websub.js';
import { PUSH_RENEW_SCHEDULE } from './channel-sync-schedule.js';

// Instant push end to end: the app listens, the fake hub verifies the subscription with a GET
// to its callback and POSTs signed Atom notifications to it.

const PUSHED_CHANNEL = 'UCporchSessions000000001';

let fake: YoutubeFake;
let t: TestApp;
let admin: Caller;
let channel: Channel;
let callback: string;

beforeAll(async () => {
  fake = await startYoutubeFake({
    uploads: fakeChannelUploads(3),
    otherChannels: [{ id: PUSHED_CHANNEL, title: 'Porch Sessions', uploads: [] }],
  });
  const port = await freePort();
  t = await createTestApp({
    env: {
      YOUTUBE_API_URL: fake.apiUrl,
      YOUTUBE_OEMBED_URL: fake.oembedUrl,
      YOUTUBE_API_KEY: fake.apiKey,
      YOUTUBE_HUB_URL: fake.hubUrl,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await signedInAdmin(t.app);
  callback = `http://127.0.0.1:${port}/websub/youtube/${PUSHED_CHANNEL}`;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const stored = async () =>
  (
    await t.db.select().from(youtubeChannels).where(eq(youtubeChannels.channelId, PUSHED_CHANNEL))
  )[0]!;
const queuedJobs = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(jobs))[0]!.n;
const post = (body: string, signature?: string, type = 'application/atom+xml') =>
  fetch(callback, {
    method: 'POST',
    headers: { 'content-type': type, ...(signature ? { 'x-hub-signature': signature } : {}) },
    body,
  });
const sign = (body: string, secret: string) =>
  `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;

describe('instant push (WebSub)', () => {
  it('subscribes when a channel is added with push, and the hub verifies the callback', async () => {
    const res = await callApi(t.app, 'POST', '/api/admin/channels', {
      token: admin.token,
      body: { channel: PUSHED_CHANNEL, push: true },
    });
    expect(res.statusCode).toBe(201);
    channel = res.body.data as Channel;
    await fake.hubIdle();
    expect(fake.hub.requests.at(-1)).toMatchObject({
      mode: 'subscribe',
      callback: expect.stringMatching(new RegExp(`^${callback}\\?v=[0-9a-f]{32}$`)),
      topic: youtubeTopicUrl(PUSHED_CHANNEL),
      outcome: 'verified',
    });
    const row = await stored();
    expect(row.pushState).toBe('active');
    // Asked for ten days; the hub granted them.
    const lease = row.pushLeaseUntil!.getTime() - Date.now();
    expect(lease).toBeGreaterThan(9.9 * 24 * 3600 * 1000);
    const overview = (await callApi(t.app, 'GET', '/api/admin/channels', { token: admin.token }))
      .body.data as ChannelsOverview;
    expect(overview.push_available).toBe(true);
    // The secret never leaves the server.
    expect(JSON.stringify(overview)).not.toContain(row.pushSecret!);
  });

  it('imports a pushed upload within the next poll, as a push run', async () => {
    const upload = fake.addUpload(
      PUSHED_CHANNEL,
      fakeVideo({ id: fakeYoutubeId('pushed-1'), title: 'Porch Sessions Episode 12: Fresh' }),
    );
    const deliveries = await fake.publish(PUSHED_CHANNEL, upload.id);
    expect(deliveries).toEqual([{ callback: expect.stringContaining(callback), status: 202 }]);
    await t.app.jobs.runDue();
    const [row] = await t.db.select().from(videos).where(eq(videos.youtubeId, upload.id));
    expect(row).toMatchObject({ title: upload.title, episodeNumber: 12, isPublic: true });
    const runs = (await callApi(t.app, 'GET', '/api/admin/channels/runs', { token: admin.token }))
      .body.data as SyncRunPage;
    expect(runs.runs[0]).toMatchObject({ trigger: 'push', imported: 1, found: 1, status: 'done' });
  });

  it('drops a notification with a bad or missing signature, answering 2xx', async () => {
    const upload = fake.addUpload(PUSHED_CHANNEL, fakeVideo({ id: fakeYoutubeId('forged-1') }));
    const atom = uploadNotification(fake.state, PUSHED_CHANNEL, upload.id);
    const before = await queuedJobs();
    expect((await post(atom)).status).toBe(202);
    expect((await post(atom, sign(atom, 'not-the-secret'))).status).toBe(202);
    expect((await post(atom, 'sha1=zz')).status).toBe(202);
    expect(await queuedJobs()).toBe(before);
    await t.app.jobs.runDue();
    expect(await t.db.select().from(videos).where(eq(videos.youtubeId, upload.id))).toEqual([]);
  });

  it('answers 400 to a signed body that is not Atom, and 404 to a channel without push', async () => {
    const { pushSecret } = await stored();
    const notAtom = '{"video":"x"}';
    const res = await post(notAtom, sign(notAtom, pushSecret!), 'application/xml');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      channelsMessages.websubNotAtom,
    );
    const stranger = callback.replace(PUSHED_CHANNEL, 'UCnobody0000000000000000');
    const unknown = await fetch(stranger, {
      method: 'POST',
      body: '<feed/>',
      headers: { 'content-type': 'application/atom+xml' },
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 4xx, never 5xx, to bodies and addresses no hub sends', async () => {
    const { pushSecret } = await stored();
    const json = '{"feed":1}';
    const asJson = await post(json, sign(json, pushSecret!), 'application/json');
    expect(asJson.status).toBe(415);
    const text = await post('hello', sign('hello', pushSecret!), 'text/plain');
    expect(text.status).toBe(415);
    const huge = '<feed>' + 'x'.repeat(1024 * 1024 + 10) + '</feed>';
    expect((await post(huge, sign(huge, pushSecret!))).status).toBe(413);
    const notAnId = callback.replace(PUSHED_CHANNEL, 'not-a-channel');
    expect((await fetch(notAnId)).status).toBe(404);
    expect(
      (
        await fetch(notAnId, {
          method: 'POST',
          body: '<feed/>',
          headers: { 'content-type': 'application/atom+xml' },
        })
      ).status,
    ).toBe(404);
    // A signed notification naming a malformed video id queues nothing.
    const atom = uploadNotification(fake.state, PUSHED_CHANNEL, 'bad id!');
    const before = await queuedJobs();
    expect((await post(atom, sign(atom, pushSecret!))).status).toBe(202);
    expect(await queuedJobs()).toBe(before);
  });

  it('refuses a verification it did not ask for', async () => {
    const topic = youtubeTopicUrl(PUSHED_CHANNEL);
    const verification = (params: Record<string, string>) => {
      const url = new URL(callback);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return fetch(url);
    };
    const subscribe = {
      'hub.mode': 'subscribe',
      'hub.topic': topic,
      'hub.challenge': 'abc',
      'hub.lease_seconds': '315360000',
    };
    // The mode and topic are public: without the callback's key nothing is confirmed.
    expect((await verification(subscribe)).status).toBe(404);
    expect((await verification({ ...subscribe, v: '0'.repeat(32) })).status).toBe(404);
    expect((await verification({ 'hub.mode': 'denied', 'hub.topic': topic })).status).toBe(404);
    const row = await stored();
    expect(row.pushState).toBe('active');
    expect(row.pushLeaseUntil!.getTime() - Date.now()).toBeLessThan(11 * 24 * 3600 * 1000);

    // The hub's own GET (with the key): a lease past 30 days is read as 30, and no lease at
    // all confirms nothing.
    const v = new URL(fake.hub.requests.at(-1)!.callback).searchParams.get('v')!;
    const huge = await verification({ ...subscribe, v, 'hub.lease_seconds': '9007199254740991' });
    expect(huge.status).toBe(200);
    expect(await huge.text()).toBe('abc');
    const lease = (await stored()).pushLeaseUntil!.getTime() - Date.now();
    expect(lease).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(lease).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);
    const leaseless = Object.fromEntries(
      Object.entries(subscribe).filter(([name]) => name !== 'hub.lease_seconds'),
    );
    expect((await verification({ ...leaseless, v })).status).toBe(404);
  });

  it('renews a subscription whose lease is nearly over, as the same subscription', async () => {
    const before = await stored();
    await t.db
      .update(youtubeChannels)
      .set({ pushLeaseUntil: new Date(Date.now() + 3600 * 1000) })
      .where(eq(youtubeChannels.id, before.id));
    const asked = fake.hub.requests.length;
    await t.app.jobs.runNow(PUSH_RENEW_SCHEDULE);
    await t.app.jobs.runDue();
    await fake.hubIdle();
    expect(fake.hub.requests.length).toBe(asked + 1);
    const after = await stored();
    expect(after.pushState).toBe('active');
    // The same secret and callback: notifications in flight meanwhile still verify.
    expect(after.pushSecret).toBe(before.pushSecret);
    expect(fake.hub.subscriptions).toHaveLength(1);
    expect(after.pushLeaseUntil!.getTime() - Date.now()).toBeGreaterThan(9 * 24 * 3600 * 1000);
  });

  it('unsubscribes when push is turned off', async () => {
    const res = await callApi(t.app, 'PUT', `/api/admin/channels/${channel.id}`, {
      token: admin.token,
      body: { push: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ push: false, push_state: 'off', push_lease_until: null });
    await fake.hubIdle();
    expect(fake.hub.requests.at(-1)).toMatchObject({ mode: 'unsubscribe', outcome: 'verified' });
    expect(fake.hub.subscriptions).toEqual([]);
  });
});
