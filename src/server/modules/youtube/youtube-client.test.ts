import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_UPLOAD_COUNT,
  fakeChannelUploads,
  fakeVideo,
} from '@server/testing/youtube-fake-catalogue.js';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';
import { createYoutubeClient, type YoutubeClientOptions } from './youtube-client.js';
import { YoutubeAuthError, YoutubeQuotaError, YoutubeUnavailableError } from './youtube-errors.js';

let fake: YoutubeFake;
beforeAll(async () => {
  fake = await startYoutubeFake();
});
afterAll(() => fake.close());
afterEach(() => {
  fake.state.mode = 'normal';
  fake.state.requests.length = 0;
});

const uploads = fakeChannelUploads();
const newest = uploads.find((video) => video.privacyStatus === 'public')!;
const privateUpload = uploads.find((video) => video.privacyStatus === 'private')!;

function client(overrides: Partial<YoutubeClientOptions> = {}) {
  return createYoutubeClient({
    apiKey: fake.apiKey,
    channelId: fake.channelId,
    apiUrl: fake.apiUrl,
    oembedUrl: fake.oembedUrl,
    timeoutMs: 1000,
    ...overrides,
  });
}
const withoutKey = () => client({ apiKey: undefined });

describe('fetchVideo through the Data API (a key is set)', () => {
  it("reads the snippet and status of videos.list, keeping YouTube's publish date", async () => {
    const video = await client().fetchVideo(newest.id);
    expect(video).toEqual({
      youtubeId: newest.id,
      title: newest.title,
      description: newest.description,
      thumbnail: `https://i.ytimg.com/vi/${newest.id}/hqdefault.jpg`,
      publishedAt: new Date(newest.publishedAt),
      privacyStatus: 'public',
    });
    expect(fake.state.requests).toEqual([
      {
        path: '/youtube/v3/videos',
        params: { part: 'snippet,contentDetails,status', id: newest.id },
      },
    ]);
  });

  it('answers null for an unknown video and for a private one', async () => {
    expect(await client().fetchVideo('AAAAAAAAAAA')).toBeNull();
    expect(await client().fetchVideo(privateUpload.id)).toBeNull();
  });

  it('tells an unlisted video by its privacy status', async () => {
    const unlisted = uploads.find((video) => video.privacyStatus === 'unlisted')!;
    expect((await client().fetchVideo(unlisted.id))?.privacyStatus).toBe('unlisted');
  });
});

describe('fetchVideo through oEmbed (no key)', () => {
  it('reads title and thumbnail; the publish date and privacy stay unknown', async () => {
    const extra = fakeVideo();
    fake.state.videos.set(extra.id, extra);
    expect(await withoutKey().fetchVideo(extra.id)).toEqual({
      youtubeId: extra.id,
      title: extra.title,
      description: '',
      thumbnail: `https://i.ytimg.com/vi/${extra.id}/hqdefault.jpg`,
      publishedAt: null,
      privacyStatus: null,
    });
    expect(fake.state.requests[0]).toEqual({
      path: '/oembed',
      params: { url: `https://www.youtube.com/watch?v=${extra.id}`, format: 'json' },
    });
  });

  it('answers null for a missing video (404) and a private one (401)', async () => {
    expect(await withoutKey().fetchVideo('AAAAAAAAAAA')).toBeNull();
    expect(await withoutKey().fetchVideo(privateUpload.id)).toBeNull();
  });
});

describe('listChannelUploads', () => {
  it('pages through all 120 uploads in pages of 50 and reads them in batches of 50, never searching', async () => {
    const videos = await client().listChannelUploads();
    const visible = uploads.filter((video) => video.privacyStatus !== 'private');
    expect(FAKE_UPLOAD_COUNT).toBe(120);
    expect(videos.map((video) => video.youtubeId)).toEqual(visible.map((video) => video.id));
    expect(videos[0]?.publishedAt).toEqual(new Date(newest.publishedAt));
    const paths = fake.state.requests.map((request) => request.path);
    expect(paths).toEqual([
      '/youtube/v3/channels',
      ...Array<string>(3).fill('/youtube/v3/playlistItems'),
      ...Array<string>(3).fill('/youtube/v3/videos'),
    ]);
    const pages = fake.state.requests.filter((request) => request.path.endsWith('playlistItems'));
    expect(pages.map((request) => request.params.maxResults)).toEqual(['50', '50', '50']);
    expect(pages[0]?.params.pageToken).toBeUndefined();
    expect(pages[1]?.params.pageToken).toEqual(expect.any(String));
    const batches = fake.state.requests.filter((request) => request.path.endsWith('videos'));
    expect(batches.map((request) => request.params.id?.split(',').length)).toEqual([50, 50, 20]);
  });

  it('answers an empty list for a channel without uploads', async () => {
    const empty = await startYoutubeFake({ uploads: [] });
    try {
      const list = await createYoutubeClient({
        apiKey: empty.apiKey,
        channelId: empty.channelId,
        apiUrl: empty.apiUrl,
        oembedUrl: empty.oembedUrl,
        timeoutMs: 1000,
      }).listChannelUploads();
      expect(list).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('needs a key, a channel id, and a channel that exists', async () => {
    await expect(withoutKey().listChannelUploads()).rejects.toBeInstanceOf(YoutubeAuthError);
    await expect(client({ channelId: undefined }).listChannelUploads()).rejects.toBeInstanceOf(
      YoutubeAuthError,
    );
    await expect(
      client({ channelId: 'UCnobody0000000000000000' }).listChannelUploads(),
    ).rejects.toBeInstanceOf(YoutubeAuthError);
    expect(fake.state.requests.map((request) => request.path)).toEqual(['/youtube/v3/channels']);
  });
});

describe('failures', () => {
  it('reports the quota 403 as an auth error', async () => {
    fake.state.mode = 'quotaExceeded';
    await expect(client().fetchVideo(newest.id)).rejects.toBeInstanceOf(YoutubeAuthError);
    await expect(client().listChannelUploads()).rejects.toThrow(/quotaExceeded/);
    await expect(client().fetchVideo(newest.id)).rejects.toMatchObject({
      name: YoutubeQuotaError.name,
      reason: 'quotaExceeded',
      source: 'youtube',
    });
  });

  it('reports a wrong key (400 keyInvalid) as an auth error', async () => {
    const wrongKey = client({ apiKey: 'not-the-key' });
    await expect(wrongKey.fetchVideo(newest.id)).rejects.toBeInstanceOf(YoutubeAuthError);
    await expect(wrongKey.listChannelUploads()).rejects.toThrow(/keyInvalid/);
    await expect(wrongKey.fetchVideo(newest.id)).rejects.toMatchObject({ reason: 'keyInvalid' });
  });

  it('reports a revoked key (the fake in keyInvalid mode) the same way', async () => {
    fake.state.mode = 'keyInvalid';
    await expect(client().fetchVideo(newest.id)).rejects.toMatchObject({
      name: YoutubeAuthError.name,
      reason: 'keyInvalid',
    });
  });

  it('reports a 500 as unavailable, on both paths', async () => {
    fake.state.mode = 'serverError';
    await expect(client().fetchVideo(newest.id)).rejects.toBeInstanceOf(YoutubeUnavailableError);
    await expect(withoutKey().fetchVideo(newest.id)).rejects.toBeInstanceOf(
      YoutubeUnavailableError,
    );
    await expect(client().listChannelUploads()).rejects.toBeInstanceOf(YoutubeUnavailableError);
  });

  it('reports an answer that is not JSON as unavailable', async () => {
    fake.state.mode = 'badJson';
    await expect(client().fetchVideo(newest.id)).rejects.toBeInstanceOf(YoutubeUnavailableError);
    await expect(withoutKey().fetchVideo(newest.id)).rejects.toBeInstanceOf(
      YoutubeUnavailableError,
    );
  });

  it('gives up on a slow YouTube within the time-out', async () => {
    fake.state.mode = 'slow';
    fake.state.slowDelayMs = 3000;
    const started = Date.now();
    await expect(client({ timeoutMs: 200 }).fetchVideo(newest.id)).rejects.toThrow(
      /no answer within 200 ms/,
    );
    await expect(
      client({ apiKey: undefined, timeoutMs: 200 }).fetchVideo(newest.id),
    ).rejects.toBeInstanceOf(YoutubeUnavailableError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports a YouTube that cannot be reached as unavailable, without the key in the message', async () => {
    const down = client({
      apiUrl: 'http://127.0.0.1:9/youtube/v3',
      oembedUrl: 'http://127.0.0.1:9/oembed',
    });
    const error = await down.fetchVideo(newest.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(YoutubeUnavailableError);
    expect(String((error as Error).message)).not.toContain(fake.apiKey);
    await expect(down.listChannelUploads()).rejects.toBeInstanceOf(YoutubeUnavailableError);
  });
});

describe('the fake itself, for tests in other processes', () => {
  it('switches its mode through PUT /__fake/mode/{mode} and refuses unknown modes', async () => {
    const origin = fake.apiUrl.replace('/youtube/v3', '');
    const quota = await fetch(`${origin}/__fake/mode/quotaExceeded`, { method: 'PUT' });
    expect(quota.status).toBe(200);
    await expect(client().fetchVideo(newest.id)).rejects.toBeInstanceOf(YoutubeAuthError);
    expect((await fetch(`${origin}/__fake/mode/sideways`, { method: 'PUT' })).status).toBe(400);
    expect(fake.state.mode).toBe('quotaExceeded');
    await fetch(`${origin}/__fake/mode/normal`, { method: 'PUT' });
    expect((await client().fetchVideo(newest.id))?.youtubeId).toBe(newest.id);
  });

  it('knows extra videos that the uploads playlist does not list', async () => {
    const extra = fakeVideo({ id: 'extraVideo1', title: 'Not on the channel' });
    const other = await startYoutubeFake({ uploads: [], extraVideos: [extra] });
    try {
      const known = createYoutubeClient({
        apiKey: other.apiKey,
        channelId: other.channelId,
        apiUrl: other.apiUrl,
        oembedUrl: other.oembedUrl,
        timeoutMs: 1000,
      });
      expect((await known.fetchVideo('extraVideo1'))?.title).toBe('Not on the channel');
      expect(await known.listChannelUploads()).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
