import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_SYNC_ACTION } from '@shared/audit-actions.js';
import { channelsMessages, syncFailureTexts } from '@shared/messages/channels.js';
import type {
  Channel,
  ChannelsOverview,
  SyncRun,
  SyncRunPage,
  SyncSettings,
} from '@shared/schemas/channels.js';
import { auditLog, videos, youtubeChannels, youtubeQuotaDays } from '@server/db/schema.js';
import { queryRows } from '@server/db/query-rows.js';
import { buildArtist, callApi, signedInAdmin, type Caller } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import {
  fakeChannelUploads,
  fakeVideo,
  fakeYoutubeId,
} from '@server/testing/youtube-fake-catalogue.js';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';
import { quotaDay } from './quota-meter.js';
import { claimChannel, releaseChannel } from './channels-repository.js';
import { SYNC_SCHEDULE } from './channel-sync-schedule.js';

const OTHER_CHANNEL = 'UCporchSessions000000001';
const UPLOADS = fakeChannelUploads(60);

let fake: YoutubeFake;
let t: TestApp;
let admin: Caller;
let now = new Date();

const env = (overrides: Record<string, string> = {}) => ({
  YOUTUBE_API_URL: fake.apiUrl,
  YOUTUBE_OEMBED_URL: fake.oembedUrl,
  YOUTUBE_TIMEOUT_MS: '500',
  YOUTUBE_API_KEY: fake.apiKey,
  YOUTUBE_CHANNEL_ID: fake.channelId,
  ...overrides,
});

beforeAll(async () => {
  fake = await startYoutubeFake({
    uploads: UPLOADS,
    otherChannels: [{ id: OTHER_CHANNEL, title: 'Porch Sessions', uploads: [] }],
  });
  t = await createTestApp({ env: env(), clock: () => now });
  admin = await signedInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  fake.state.mode = 'normal';
  fake.state.dailyQuotaLimit = null;
  now = new Date();
});

const overview = async () =>
  (await callApi(t.app, 'GET', '/api/admin/channels', { token: admin.token })).body
    .data as ChannelsOverview;
const primary = async () => (await overview()).channels.find((channel) => channel.is_primary)!;
const syncNow = (id: number) =>
  callApi(t.app, 'POST', `/api/admin/channels/${id}/sync`, { token: admin.token });
const catalogueHas = async (youtubeId: string) =>
  (await t.db.select({ id: videos.id }).from(videos).where(eq(videos.youtubeId, youtubeId))).length;
const resetBackoff = () =>
  t.db
    .update(youtubeChannels)
    .set({ failures: 0, retryAt: null, lastFailure: null, lastError: null });

describe('the channel sync', () => {
  it('starts with the channel of YOUTUBE_CHANNEL_ID, and no sync before the first interval', async () => {
    const data = await overview();
    expect(data.channels).toHaveLength(1);
    expect(data.channels[0]).toMatchObject({
      channel_id: fake.channelId,
      is_primary: true,
      paused: false,
      push: false,
    });
    expect(data.settings).toEqual({
      every_minutes: 60,
      import_privacy: 'youtube',
      publish_at_premiere: false,
    });
    expect(data.api_key_set).toBe(true);
    const next = new Date(data.next_sync_at!).getTime();
    expect(next).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    await t.app.jobs.runDue();
    const runs = await callApi(t.app, 'GET', '/api/admin/channels/runs', { token: admin.token });
    expect((runs.body.data as SyncRunPage).pageInfo.total).toBe(0);
  });

  it("Sync Now imports the channel's uploads once, as on YouTube, each in the audit log", async () => {
    await buildArtist(t.db, { name: 'June Caldwell' });
    const channel = await primary();
    const res = await syncNow(channel.id);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(channelsMessages.syncFinished);
    const run = res.body.data as SyncRun;
    const readable = UPLOADS.filter((video) => video.privacyStatus !== 'private');
    expect(run).toMatchObject({
      channel_id: fake.channelId,
      channel_title: 'The Twang Show',
      trigger: 'manual',
      status: 'done',
      found: UPLOADS.length,
      imported: readable.length,
      skipped: UPLOADS.length - readable.length,
      errors: 0,
    });
    // channels.list, two playlist pages, two videos.list batches.
    expect(run.units).toBe(5);

    const publicOne = readable.find((video) => video.privacyStatus === 'public')!;
    const unlisted = readable.find((video) => video.privacyStatus === 'unlisted')!;
    const [row] = await t.db.select().from(videos).where(eq(videos.youtubeId, publicOne.id));
    expect(row).toMatchObject({ title: publicOne.title, isPublic: true, createdBy: null });
    expect(row!.publishedAt.toISOString()).toBe(new Date(publicOne.publishedAt).toISOString());
    const [hidden] = await t.db.select().from(videos).where(eq(videos.youtubeId, unlisted.id));
    expect(hidden!.isPublic).toBe(false);

    const audited = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, CHANNEL_SYNC_ACTION));
    expect(audited[0]!.n).toBe(readable.length);
    // The auto-tag rule tagged the artist's episodes.
    const tagged = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM video_tags vt JOIN videos v ON v.id = vt.video_id
          WHERE v.title LIKE '%June Caldwell%'`,
    );
    const ivy = readable.filter((video) => video.title.includes('June Caldwell')).length;
    expect(ivy).toBeGreaterThan(0);
    expect(tagged[0]!.n).toBe(ivy);

    const again = (await syncNow(channel.id)).body.data as SyncRun;
    // The newest page is all known: channels.list, one playlist page, and the private upload
    // asked for again (it may have turned public); nothing imported.
    expect(again).toMatchObject({ status: 'done', imported: 0, found: 50, units: 3 });
    expect((await primary()).last_synced_at).not.toBeNull();
  });

  it('brings a new upload in with its episode number, as the settings say', async () => {
    const channel = await primary();
    const saved = await callApi(t.app, 'PUT', '/api/admin/channels/settings', {
      token: admin.token,
      body: { import_privacy: 'private' },
    });
    expect(saved.statusCode).toBe(200);
    const upload = fake.addUpload(
      fake.channelId,
      fakeVideo({
        id: fakeYoutubeId('sync-new-1'),
        title: 'The Twang Show Episode 301: Dale Rivers',
      }),
    );
    const run = (await syncNow(channel.id)).body.data as SyncRun;
    expect(run).toMatchObject({ imported: 1, status: 'done' });
    const [row] = await t.db.select().from(videos).where(eq(videos.youtubeId, upload.id));
    expect(row).toMatchObject({ isPublic: false, episodeNumber: 301 });
  });

  it('publishes a premiere at its start when the setting says so', async () => {
    const channel = await primary();
    await callApi(t.app, 'PUT', '/api/admin/channels/settings', {
      token: admin.token,
      body: { import_privacy: 'youtube', publish_at_premiere: true },
    });
    const start = new Date(Date.now() + 2 * 3600 * 1000);
    const premiere = fake.addUpload(
      fake.channelId,
      fakeVideo({ id: fakeYoutubeId('sync-premiere'), scheduledStartTime: start.toISOString() }),
    );
    await syncNow(channel.id);
    const [row] = await t.db.select().from(videos).where(eq(videos.youtubeId, premiere.id));
    expect(row!.isPublic).toBe(false);
    expect(row!.publishAt!.toISOString()).toBe(start.toISOString());
  });

  it('records a failing YouTube, backs the channel off, and the schedule waits for it', async () => {
    const channel = await primary();
    fake.state.mode = 'serverError';
    const res = await syncNow(channel.id);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(channelsMessages.syncFailed);
    expect(res.body.data).toMatchObject({ status: 'failed', error: syncFailureTexts.unavailable });
    const failing = await primary();
    expect(failing).toMatchObject({ failures: 1, last_failure: 'unavailable' });
    const retryAt = new Date(failing.retry_at!).getTime();
    expect(retryAt - Date.now()).toBeGreaterThan(4 * 60 * 1000);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);

    // A second failure doubles the wait.
    await syncNow(channel.id);
    const twice = await primary();
    expect(twice.failures).toBe(2);
    expect(new Date(twice.retry_at!).getTime() - Date.now()).toBeGreaterThan(9 * 60 * 1000);

    // The schedule's tick an hour later skips nothing due... but the channel backs off first.
    fake.state.mode = 'normal';
    const upload = fake.addUpload(
      fake.channelId,
      fakeVideo({ id: fakeYoutubeId('sync-after-5xx') }),
    );
    now = new Date(Date.now() + 61 * 60 * 1000);
    await t.app.jobs.runDue();
    expect(await catalogueHas(upload.id)).toBe(1);
    expect(await primary()).toMatchObject({ failures: 0, last_failure: null, retry_at: null });
  });

  it('goes on past a batch YouTube fails, and asks for it again at the next sync', async () => {
    const channel = await primary();
    // 60 new uploads at least: two videos.list batches, the oldest upload in the first.
    const added = Array.from({ length: 60 }, (_, i) =>
      fake.addUpload(fake.channelId, fakeVideo({ id: fakeYoutubeId(`batch-${i}`) })),
    );
    const oldest = added[0]!;
    fake.state.failingVideoIds.add(oldest.id);
    const run = (await syncNow(channel.id)).body.data as SyncRun;
    expect(run.status).toBe('done');
    expect(run.errors).toBeGreaterThan(0);
    expect(run.errors).toBeLessThanOrEqual(50);
    expect(run.imported + run.errors).toBeGreaterThanOrEqual(60);
    expect(run.error).toBe(syncFailureTexts.unavailable);
    expect(await catalogueHas(oldest.id)).toBe(0);
    expect(await catalogueHas(added[59]!.id)).toBe(1);

    fake.state.failingVideoIds.clear();
    // The newest page is all known now, yet the failed batch comes in.
    const retried = (await syncNow(channel.id)).body.data as SyncRun;
    expect(retried).toMatchObject({ status: 'done', errors: 0 });
    // The failed batch, less any upload in it that YouTube does not show (a private one).
    expect(retried.imported).toBeGreaterThan(0);
    expect(retried.imported).toBeLessThanOrEqual(run.errors);
    for (const video of added) expect(await catalogueHas(video.id)).toBe(1);
  });

  it('imports the rest of a batch when one upload cannot be written', async () => {
    const channel = await primary();
    const good = fake.addUpload(fake.channelId, fakeVideo({ id: fakeYoutubeId('good-before') }));
    // PostgreSQL refuses a NUL in text: this upload's insert fails, whatever the batch.
    const bad = fake.addUpload(
      fake.channelId,
      fakeVideo({ id: fakeYoutubeId('bad-title'), title: 'Broken\u0000Title' }),
    );
    const after = fake.addUpload(fake.channelId, fakeVideo({ id: fakeYoutubeId('good-after') }));
    const run = (await syncNow(channel.id)).body.data as SyncRun;
    expect(run).toMatchObject({ status: 'done', imported: 2, errors: 1 });
    expect(run.error).toContain(bad.id);
    expect(await catalogueHas(good.id)).toBe(1);
    expect(await catalogueHas(after.id)).toBe(1);
    expect(await catalogueHas(bad.id)).toBe(0);
    // Asked for again next time (and failing again, it is still counted, not lost).
    const again = (await syncNow(channel.id)).body.data as SyncRun;
    expect(again).toMatchObject({ imported: 0, errors: 1 });
    fake.state.videos.set(bad.id, { ...bad, title: 'Mended Title' });
    const mended = (await syncNow(channel.id)).body.data as SyncRun;
    expect(mended).toMatchObject({ imported: 1, errors: 0 });
  });

  it('tells a revoked key, a deleted channel and a spent quota apart', async () => {
    const channel = await primary();
    fake.state.mode = 'keyInvalid';
    expect(((await syncNow(channel.id)).body.data as SyncRun).error).toBe(
      syncFailureTexts.keyInvalid,
    );
    fake.state.mode = 'quotaExceeded';
    await syncNow(channel.id);
    const spent = await primary();
    expect(spent.last_failure).toBe('quotaExceeded');
    // It waits for YouTube's next quota day (midnight Pacific), at most a day away.
    const wait = new Date(spent.retry_at!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 3600 * 1000);
    fake.state.mode = 'normal';

    const added = await callApi(t.app, 'POST', '/api/admin/channels', {
      token: admin.token,
      body: { channel: `https://www.youtube.com/channel/${OTHER_CHANNEL}/videos` },
    });
    expect(added.statusCode).toBe(201);
    const other = added.body.data as Channel;
    expect(other).toMatchObject({
      channel_id: OTHER_CHANNEL,
      title: 'Porch Sessions',
      is_primary: false,
    });
    fake.deleteChannel(OTHER_CHANNEL);
    const gone = (await syncNow(other.id)).body.data as SyncRun;
    expect(gone).toMatchObject({ status: 'failed', error: syncFailureTexts.channelNotFound });
    await callApi(t.app, 'DELETE', `/api/admin/channels/${other.id}`, { token: admin.token });
    await resetBackoff();
  });

  it('stops short of the daily quota, counting what every call spent today', async () => {
    const channel = await primary();
    const day = quotaDay(new Date());
    const before = (await overview()).quota;
    expect(before.day).toBe(day);
    expect(before.limit).toBe(10_000);
    expect(before.sync_stops_at).toBe(9_500);
    expect(before.spent).toBeGreaterThan(0);
    // As if the day's quota were nearly spent: one unit under where the sync stops.
    await t.db.update(youtubeQuotaDays).set({ units: 9_499 }).where(eq(youtubeQuotaDays.day, day));
    const upload = fake.addUpload(fake.channelId, fakeVideo({ id: fakeYoutubeId('sync-quota') }));
    const calls = fake.state.requests.length;
    const run = (await syncNow(channel.id)).body.data as SyncRun;
    expect(run).toMatchObject({ status: 'failed', error: syncFailureTexts.quotaGuard, units: 1 });
    expect(fake.state.requests.length - calls).toBe(1);
    expect(await catalogueHas(upload.id)).toBe(0);
    expect((await overview()).quota.spent).toBe(9_500);
    await t.db.update(youtubeQuotaDays).set({ units: 0 }).where(eq(youtubeQuotaDays.day, day));
    await resetBackoff();
    await syncNow(channel.id);
    expect(await catalogueHas(upload.id)).toBe(1);
  });

  it('keeps a history of runs, newest first', async () => {
    const res = await callApi(t.app, 'GET', '/api/admin/channels/runs', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const page = res.body.data as SyncRunPage;
    expect(page.pageInfo.total).toBeGreaterThan(5);
    expect(page.runs.length).toBeLessThanOrEqual(20);
    const starts = page.runs.map((run) => run.started_at);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(page.runs.every((run) => run.duration_ms !== null && run.duration_ms >= 0)).toBe(true);
  });

  it('finishes what a crashed sync left: nothing lost, nothing doubled', async () => {
    const channel = await primary();
    const first = fake.addUpload(fake.channelId, fakeVideo({ id: fakeYoutubeId('crash-1') }));
    const second = fake.addUpload(fake.channelId, fakeVideo({ id: fakeYoutubeId('crash-2') }));
    // The dead instance had imported the first upload, held the channel and left its run open.
    await t.db.insert(videos).values({ youtubeId: first.id, title: first.title, isPublic: true });
    await t.db
      .update(youtubeChannels)
      .set({ leaseUntil: new Date(Date.now() + 10 * 60 * 1000) })
      .where(eq(youtubeChannels.id, channel.id));
    await queryRows(
      t.db,
      sql`INSERT INTO channel_sync_runs (channel_id, trigger, started_at) VALUES (${fake.channelId}, 'schedule', ${new Date(Date.now() - 1000).toISOString()}::timestamptz)`,
    );
    const held = await syncNow(channel.id);
    expect(held.statusCode).toBe(409);
    expect(held.body.message).toBe(channelsMessages.syncRunning);

    // Restarted, past the hold: the next tick marks the dead run and imports the rest once.
    now = new Date(Date.now() + 2 * 3600 * 1000);
    await t.app.jobs.runNow(SYNC_SCHEDULE);
    await t.app.jobs.runDue();
    expect(await catalogueHas(first.id)).toBe(1);
    expect(await catalogueHas(second.id)).toBe(1);
    const runs = (await callApi(t.app, 'GET', '/api/admin/channels/runs', { token: admin.token }))
      .body.data as SyncRunPage;
    expect(runs.runs.some((run) => run.status === 'interrupted')).toBe(true);
    expect(runs.runs[0]).toMatchObject({ trigger: 'schedule', status: 'done', imported: 1 });
  });
});

describe('the channel routes', () => {
  it('refuses a bad channel, an unknown one, and one already there', async () => {
    const post = (channel: unknown) =>
      callApi(t.app, 'POST', '/api/admin/channels', { token: admin.token, body: { channel } });
    const bad = await post('https://www.youtube.com/@twangshow');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.message).toBe(channelsMessages.channelInvalid);
    expect((await post('')).body.message).toBe(channelsMessages.channelRequired);
    const unknown = await post('UCnobody0000000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe(channelsMessages.channelMissingOnYoutube);
    const twice = await post(fake.channelId);
    expect(twice.statusCode).toBe(409);
    expect(twice.body.message).toBe(channelsMessages.channelAlreadyAdded);
    expect((await overview()).channels).toHaveLength(1);
  });

  it('pauses a channel: no Sync Now, no scheduled sync, until resumed', async () => {
    const channel = await primary();
    const paused = await callApi(t.app, 'PUT', `/api/admin/channels/${channel.id}`, {
      token: admin.token,
      body: { paused: true },
    });
    expect(paused.statusCode).toBe(200);
    expect((paused.body.data as Channel).paused).toBe(true);
    const refused = await syncNow(channel.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(channelsMessages.syncPaused);
    const upload = fake.addUpload(fake.channelId, fakeVideo({ id: fakeYoutubeId('while-paused') }));
    await t.app.jobs.runNow(SYNC_SCHEDULE);
    await t.app.jobs.runDue();
    expect(await catalogueHas(upload.id)).toBe(0);
    await callApi(t.app, 'PUT', `/api/admin/channels/${channel.id}`, {
      token: admin.token,
      body: { paused: false },
    });
    await syncNow(channel.id);
    expect(await catalogueHas(upload.id)).toBe(1);
  });

  it('refuses bad settings and bad ids with messages naming them', async () => {
    const put = (body: unknown) =>
      callApi(t.app, 'PUT', '/api/admin/channels/settings', { token: admin.token, body });
    expect((await put({ every_minutes: 2 })).body.message).toBe(
      channelsMessages.everyMinutesInvalid,
    );
    expect((await put({ every_minutes: 12.5 })).statusCode).toBe(400);
    expect((await put({ import_privacy: 'hidden' })).body.message).toBe(
      channelsMessages.importPrivacyInvalid,
    );
    const missing = await syncNow(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(channelsMessages.channelNotFound);
    const badId = await callApi(t.app, 'POST', '/api/admin/channels/abc/sync', {
      token: admin.token,
    });
    expect(badId.statusCode).toBe(400);
    const nothing = await callApi(t.app, 'PUT', `/api/admin/channels/${(await primary()).id}`, {
      token: admin.token,
      body: {},
    });
    expect(nothing.body.message).toBe(channelsMessages.nothingToChange);
  });

  it('moves the schedule when the interval changes', async () => {
    const res = await callApi(t.app, 'PUT', '/api/admin/channels/settings', {
      token: admin.token,
      body: { every_minutes: 15 },
    });
    expect((res.body.data as SyncSettings).every_minutes).toBe(15);
    const state = await t.app.jobs.scheduleState(SYNC_SCHEDULE);
    expect(state!.everySeconds).toBe(900);
    expect((await overview()).settings.every_minutes).toBe(15);
  });
});

describe('a hold on a channel', () => {
  it('is ended only by the sync holding it: one taken over writes nothing', async () => {
    const channel = await primary();
    expect(await claimChannel(t.db, channel.id, 'sync-a', new Date(), 60)).toBeDefined();
    expect(await claimChannel(t.db, channel.id, 'sync-b', new Date(), 60)).toBeUndefined();
    // A's hold runs out (it hung); B takes the channel.
    const later = new Date(Date.now() + 61_000);
    expect(await claimChannel(t.db, channel.id, 'sync-b', later, 60)).toBeDefined();
    const stale = await releaseChannel(t.db, channel.id, 'sync-a', later, {
      ok: false,
      reason: 'unavailable',
      message: 'late',
      retryAt: later,
      unreadableIds: [],
    });
    expect(stale).toBeUndefined();
    const [row] = await t.db
      .select()
      .from(youtubeChannels)
      .where(eq(youtubeChannels.id, channel.id));
    expect(row).toMatchObject({ leaseToken: 'sync-b', lastError: null });
    await releaseChannel(t.db, channel.id, 'sync-b', later, null);
  });

  it('is let go, and the run recorded as failed, when the sync breaks on our side', async () => {
    const channel = await primary();
    const spy = vi.spyOn(t.app.youtubeQuota, 'today').mockRejectedValueOnce(new Error('db gone'));
    try {
      const res = await syncNow(channel.id);
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'failed', error: syncFailureTexts.internal });
    } finally {
      spy.mockRestore();
    }
    const [row] = await t.db
      .select()
      .from(youtubeChannels)
      .where(eq(youtubeChannels.id, channel.id));
    expect(row).toMatchObject({ leaseUntil: null, leaseToken: null, lastFailure: 'internal' });
    await resetBackoff();
    expect((await syncNow(channel.id)).statusCode).toBe(200);
  });
});
