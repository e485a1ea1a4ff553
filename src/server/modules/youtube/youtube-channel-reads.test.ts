import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_UPLOADS_PLAYLIST_ID,
  fakeChannelUploads,
  fakeVideo,
  uploadsPlaylistIdOf,
} from '@server/testing/youtube-fake-catalogue.js';
import {
  startYoutubeFake,
  type YoutubeFake,
  type YoutubeFakeOptions,
} from '@server/testing/youtube-fake-server.js';
import { createYoutubeClient, type YoutubeClientOptions } from './youtube-client.js';
import {
  YoutubeAuthError,
  YoutubeQuotaError,
  YoutubeUnavailableError,
  youtubeFailureReason,
} from './youtube-errors.js';
import { quotaBudget } from './youtube-quota.js';

// The channel sync's reads (channelInfo, listUploadIds, listVideos) against the fake YouTube, each
// test on a fake of its own since they add uploads and delete channels.

const OTHER_CHANNEL = 'UCporchSessions000000001';
const otherUploads = [
  fakeVideo({ id: 'porch000003', title: 'Porch 3', publishedAt: '2024-03-03T10:00:00Z' }),
  fakeVideo({ id: 'porch000002', title: 'Porch 2', publishedAt: '2024-02-02T10:00:00Z' }),
  fakeVideo({ id: 'porch000001', title: 'Porch 1', publishedAt: '2024-01-01T10:00:00Z' }),
];
const OTHER_PLAYLIST = uploadsPlaylistIdOf(OTHER_CHANNEL);
const uploads = fakeChannelUploads();

let fake: YoutubeFake;
async function start(options: YoutubeFakeOptions = {}) {
  fake = await startYoutubeFake({
    otherChannels: [{ id: OTHER_CHANNEL, title: 'Porch Sessions', uploads: otherUploads }],
    ...options,
  });
}
beforeEach(() => start());
afterEach(() => fake.close());

function client(overrides: Partial<YoutubeClientOptions> = {}) {
  return createYoutubeClient({
    apiKey: fake.apiKey,
    apiUrl: fake.apiUrl,
    oembedUrl: fake.oembedUrl,
    timeoutMs: 1000,
    ...overrides,
  });
}

describe('channelInfo', () => {
  it('reads the title and uploads playlist of each channel, for one unit', async () => {
    expect(await client().channelInfo(fake.channelId)).toEqual({
      id: fake.channelId,
      title: 'The Twang Show',
      uploadsPlaylistId: FAKE_UPLOADS_PLAYLIST_ID,
    });
    expect(await client().channelInfo(OTHER_CHANNEL)).toEqual({
      id: OTHER_CHANNEL,
      title: 'Porch Sessions',
      uploadsPlaylistId: OTHER_PLAYLIST,
    });
    expect(fake.state.requests[0]?.params).toEqual({
      part: 'snippet,contentDetails',
      id: fake.channelId,
    });
    expect(fake.state.unitsSpent).toBe(2);
  });

  it('answers null for a channel YouTube does not have, and for a deleted one', async () => {
    expect(await client().channelInfo('UCnobody0000000000000000')).toBeNull();
    fake.deleteChannel(OTHER_CHANNEL);
    expect(await client().channelInfo(OTHER_CHANNEL)).toBeNull();
  });
});

describe('listUploadIds', () => {
  const playlist = FAKE_UPLOADS_PLAYLIST_ID;

  it('walks the whole uploads playlist newest first, 50 at a time', async () => {
    const ids = await client().listUploadIds(playlist);
    expect(ids).toEqual(uploads.map((video) => video.id));
    expect(fake.state.requests.map((request) => request.params.maxResults)).toEqual([
      '50',
      '50',
      '50',
    ]);
    expect(fake.state.unitsSpent).toBe(3);
  });

  it('stops after the first page that is all known: an hourly sync costs one unit', async () => {
    const known = new Set(uploads.map((video) => video.id));
    const fresh = [fakeVideo({ id: 'brandNew001' }), fakeVideo({ id: 'brandNew002' })];
    for (const video of fresh) fake.addUpload(fake.channelId, video);
    const seen: string[][] = [];
    const ids = await client().listUploadIds(playlist, {
      stopWhenAllKnown: (page) => {
        seen.push(page);
        return page.every((id) => known.has(id) || fresh.some((video) => video.id === id));
      },
    });
    expect(ids.slice(0, 2)).toEqual(['brandNew002', 'brandNew001']);
    expect(ids).toHaveLength(50);
    expect(seen).toHaveLength(1);
    expect(fake.state.unitsSpent).toBe(1);
  });

  it('reads on while a page holds unknown ids, and stops at the first known page', async () => {
    const known = new Set(uploads.map((video) => video.id));
    for (let n = 0; n < 60; n++) fake.addUpload(fake.channelId, fakeVideo({ id: `burst${n}` }));
    const ids = await client().listUploadIds(playlist, {
      stopWhenAllKnown: (page) => page.every((id) => known.has(id)),
    });
    // Page 1: 50 new; page 2: 10 new and 40 known; page 3: all known, then stop.
    expect(ids).toHaveLength(150);
    expect(ids[0]).toBe('burst59');
    expect(fake.state.unitsSpent).toBe(3);
  });

  it("answers [] for a deleted channel's playlist (YouTube's 404 playlistNotFound)", async () => {
    fake.deleteChannel(OTHER_CHANNEL);
    expect(await client().listUploadIds(OTHER_PLAYLIST)).toEqual([]);
  });

  it("lists another channel's uploads from its own playlist", async () => {
    expect(await client().listUploadIds(OTHER_PLAYLIST)).toEqual([
      'porch000003',
      'porch000002',
      'porch000001',
    ]);
  });
});

describe('listVideos', () => {
  it('reads in batches of 50, in the order asked, private videos dropping out', async () => {
    const ids = uploads.map((video) => video.id);
    const videos = await client().listVideos([...ids, ids[0]!]);
    const visible = uploads.filter((video) => video.privacyStatus !== 'private');
    expect(videos.map((video) => video.youtubeId)).toEqual(visible.map((video) => video.id));
    const batches = fake.state.requests.map((request) => request.params.id?.split(',').length);
    expect(batches).toEqual([50, 50, 20]);
    expect(fake.state.requests[0]?.params.part).toBe(
      'snippet,contentDetails,status,liveStreamingDetails',
    );
    expect(videos[0]).toMatchObject({
      channelId: fake.channelId,
      privacyStatus: 'public',
      liveBroadcastContent: 'none',
      scheduledStartAt: null,
    });
  });

  it("tells a premiere by its liveStreamingDetails' scheduled start", async () => {
    const premiere = fake.addUpload(
      OTHER_CHANNEL,
      fakeVideo({ id: 'premiere001', scheduledStartTime: '2999-01-01T18:00:00Z' }),
    );
    const [video] = await client().listVideos([premiere.id]);
    expect(video).toMatchObject({
      youtubeId: 'premiere001',
      channelId: OTHER_CHANNEL,
      liveBroadcastContent: 'upcoming',
      scheduledStartAt: new Date('2999-01-01T18:00:00Z'),
    });
  });

  it('costs nothing for no ids, and drops the videos of a deleted channel', async () => {
    expect(await client().listVideos([])).toEqual([]);
    expect(fake.state.unitsSpent).toBe(0);
    fake.deleteChannel(OTHER_CHANNEL);
    expect(await client().listVideos(['porch000001'])).toEqual([]);
  });
});

describe('quota', () => {
  it('reports one unit per call, matching what YouTube counted', async () => {
    const reported: number[] = [];
    const reader = client({ onQuotaSpent: (units) => reported.push(units) });
    const info = await reader.channelInfo(fake.channelId);
    const ids = await reader.listUploadIds(info!.uploadsPlaylistId);
    await reader.listVideos(ids);
    expect(reported).toEqual(Array<number>(7).fill(1));
    expect(fake.state.unitsSpent).toBe(7);
  });

  it('lets a guard stop a call before it is sent', async () => {
    const budget = quotaBudget(2);
    const reader = client({ quotaGuard: budget.guard, onQuotaSpent: budget.onQuotaSpent });
    const error = await reader
      .listUploadIds(FAKE_UPLOADS_PLAYLIST_ID)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YoutubeQuotaError);
    expect(error).toMatchObject({ reason: 'quotaExceeded', source: 'guard' });
    expect(budget.spent()).toBe(2);
    expect(fake.state.requests).toHaveLength(2);
  });

  it("answers YouTube's quotaExceeded 403 once the daily limit is reached", async () => {
    await fake.close();
    await start({ dailyQuotaLimit: 2 });
    const reader = client();
    await reader.channelInfo(fake.channelId);
    await reader.channelInfo(OTHER_CHANNEL);
    const error = await reader.channelInfo(fake.channelId).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YoutubeQuotaError);
    expect(error).toBeInstanceOf(YoutubeAuthError);
    expect(error).toMatchObject({ reason: 'quotaExceeded', source: 'youtube' });
    expect(fake.state.unitsSpent).toBe(2);
  });
});

describe('failure reasons', () => {
  const reasonOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => youtubeFailureReason(error),
    );

  it('names a revoked key, a wrong key, a missing key and a quota refusal', async () => {
    expect(await reasonOf(client({ apiKey: 'wrong' }).channelInfo(fake.channelId))).toBe(
      'keyInvalid',
    );
    expect(await reasonOf(client({ apiKey: undefined }).listVideos(['x']))).toBe('settingMissing');
    fake.state.mode = 'keyInvalid';
    expect(await reasonOf(client().listUploadIds('UUx'))).toBe('keyInvalid');
    fake.state.mode = 'quotaExceeded';
    expect(await reasonOf(client().listVideos(['x']))).toBe('quotaExceeded');
  });

  it("names a deleted channel in the admin import's error", async () => {
    fake.deleteChannel(fake.channelId);
    const error = await client({ channelId: fake.channelId })
      .listChannelUploads()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YoutubeAuthError);
    expect(youtubeFailureReason(error)).toBe('channelNotFound');
  });

  it('names an unreachable or broken YouTube as unavailable', async () => {
    fake.state.mode = 'serverError';
    const error = await client()
      .channelInfo(fake.channelId)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YoutubeUnavailableError);
    expect(youtubeFailureReason(error)).toBe('unavailable');
    expect(youtubeFailureReason(new Error('other'))).toBeNull();
  });
});
