import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import type { AuditEntry } from '@shared/schemas/audit.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { videos } from '@server/db/schema.js';
import { callApi, signedInAdmin, type Caller } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { fakeChannelUploads, fakeVideo } from '@server/testing/youtube-fake-catalogue.js';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';

let fake: YoutubeFake;
let t: TestApp;
let admin: Caller;

/** The fake's addresses, without credentials. */
const fakeUrls = () => ({
  YOUTUBE_API_URL: fake.apiUrl,
  YOUTUBE_OEMBED_URL: fake.oembedUrl,
  YOUTUBE_TIMEOUT_MS: '300',
});
const youtubeEnv = (overrides: Record<string, string> = {}) => ({
  ...fakeUrls(),
  YOUTUBE_API_KEY: fake.apiKey,
  YOUTUBE_CHANNEL_ID: fake.channelId,
  ...overrides,
});

beforeAll(async () => {
  fake = await startYoutubeFake({ slowDelayMs: 3000 });
  t = await createTestApp({ env: youtubeEnv() });
  admin = await signedInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  fake.state.mode = 'normal';
  fake.state.apiKey = fake.apiKey;
});

const uploads = fakeChannelUploads();
const publicUploads = uploads.filter((video) => video.privacyStatus === 'public');
const importLink = (link: string) => `/api/admin/videos/import?link=${encodeURIComponent(link)}`;

function addToYoutube(overrides: Parameters<typeof fakeVideo>[0] = {}) {
  const video = fakeVideo(overrides);
  fake.state.videos.set(video.id, video);
  return video;
}

describe('GET /api/admin/videos/import?link=', () => {
  it('imports the video as Private with its YouTube metadata and answers 201 with the video', async () => {
    const source = addToYoutube({ title: 'Porch Sessions Episode 31: Ivy Keller – Fiddle Time' });
    const res = await callApi(t.app, 'GET', importLink(`https://youtu.be/${source.id}?si=share`), {
      token: admin.token,
    });
    expect(res.statusCode).toBe(201);
    expect(res.body.message).toBe(apiMessages.videoImported);
    const video = res.body.data as Video;
    const log = await callApi(t.app, 'GET', `/api/admin/audit?target=${video.id}`, {
      token: admin.token,
    });
    expect((log.body.data as { entries: AuditEntry[] }).entries).toEqual([
      expect.objectContaining({
        action: 'GET /api/admin/videos/import',
        target_id: String(video.id),
        target_name: source.title,
      }),
    ]);
    expect(video).toMatchObject({
      epid: video.id,
      title: source.title,
      description: source.description,
      youtube_id: source.id,
      youtube_url: `https://www.youtube.com/watch?v=${source.id}`,
      thumbnail: `https://i.ytimg.com/vi/${source.id}/hqdefault.jpg`,
      episode_number: 31,
      public_state: false,
      published_at: new Date(source.publishedAt).toISOString(),
      like_count: 0,
      tags: [],
    });
    const [row] = await t.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ createdBy: admin.id, isPublic: false, youtubeId: source.id });
  });

  it('answers 409 for a video already in the catalogue, without asking YouTube again', async () => {
    const source = addToYoutube();
    const link = importLink(`https://www.youtube.com/watch?v=${source.id}`);
    expect((await callApi(t.app, 'GET', link, { token: admin.token })).statusCode).toBe(201);
    const calls = fake.state.requests.length;
    const again = await callApi(t.app, 'GET', importLink(`youtube.com/shorts/${source.id}`), {
      token: admin.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toEqual({
      status: 409,
      data: null,
      message: apiMessages.videoAlreadyImported,
    });
    expect(fake.state.requests.length).toBe(calls);
  });

  it('answers 404 when YouTube has no such video, or it is private', async () => {
    for (const id of [
      'ZZZZZZZZZZZ',
      uploads.find((video) => video.privacyStatus === 'private')!.id,
    ]) {
      const res = await callApi(t.app, 'GET', importLink(id), { token: admin.token });
      expect(res.statusCode).toBe(404);
      expect(res.body.message).toBe(apiMessages.youtubeVideoMissing);
    }
  });

  it.each([
    ['another host', 'https://notyoutube.com/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ'],
    ['a short id', 'https://youtu.be/dQw4w9'],
    ['a javascript: link', 'javascript:alert(1)'],
    ['an empty link', ''],
  ])('answers 400 for %s', async (_name, link) => {
    const res = await callApi(t.app, 'GET', importLink(link), { token: admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message: apiMessages.youtubeLinkInvalid });
  });
});

describe('POST /api/admin/videos {id}', () => {
  it('imports by YouTube id: 201 and the new video', async () => {
    const source = addToYoutube({ title: 'Ep. 12 – Opal Ransom live' });
    const res = await callApi(t.app, 'POST', '/api/admin/videos', {
      token: admin.token,
      body: { id: source.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({
      youtube_id: source.id,
      episode_number: 12,
      public_state: false,
    });
    const again = await callApi(t.app, 'POST', '/api/admin/videos', {
      token: admin.token,
      body: { id: source.id },
    });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ['a bad id', { id: 'too-short' }, 400, apiMessages.youtubeLinkInvalid],
    ['a missing id', {}, 400, 'id is required'],
    ['a number', { id: 12345678901 }, 400, 'id must be a string'],
    ['an unknown field', { id: 'dQw4w9WgXcQ', title: 'x' }, 400, 'Unknown field in body: title'],
    ['an id YouTube lacks', { id: 'YYYYYYYYYYY' }, 404, apiMessages.youtubeVideoMissing],
  ])('answers %s with %i', async (_name, body, status, message) => {
    const res = await callApi(t.app, 'POST', '/api/admin/videos', { token: admin.token, body });
    expect(res.statusCode).toBe(status);
    expect(res.body.message).toBe(message);
  });
});

describe('when YouTube fails', () => {
  it('answers 401 asking to sign in to YouTube when the quota is spent', async () => {
    fake.state.mode = 'quotaExceeded';
    const single = await callApi(t.app, 'GET', importLink(publicUploads[3]!.id), {
      token: admin.token,
    });
    const channel = await callApi(t.app, 'GET', '/api/admin/videos/import', { token: admin.token });
    for (const res of [single, channel]) {
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: 401, data: null, message: apiMessages.youtubeSignIn });
      // Not about the admin's own session: no Bearer challenge, so the client keeps them signed in.
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
  });

  it.each(['serverError', 'badJson', 'slow'] as const)(
    'answers 502 when YouTube is in %s mode',
    async (mode) => {
      fake.state.mode = mode;
      const started = Date.now();
      const single = await callApi(t.app, 'POST', '/api/admin/videos', {
        token: admin.token,
        body: { id: publicUploads[4]!.id },
      });
      const channel = await callApi(t.app, 'GET', '/api/admin/videos/import', {
        token: admin.token,
      });
      for (const res of [single, channel]) {
        expect(res.statusCode).toBe(502);
        expect(res.body).toEqual({
          status: 502,
          data: null,
          message: apiMessages.youtubeUnavailable,
        });
      }
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );

  it('answers 401 when YouTube says the key is wrong (400 keyInvalid)', async () => {
    fake.state.apiKey = 'another-key';
    const res = await callApi(t.app, 'GET', '/api/admin/videos/import', { token: admin.token });
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe(apiMessages.youtubeSignIn);
  });

  it('answers 502 when YouTube cannot be reached', async () => {
    // createTestApp's default YouTube URLs point at a closed port.
    const down = await createTestApp({
      env: { YOUTUBE_API_KEY: fake.apiKey, YOUTUBE_CHANNEL_ID: fake.channelId },
    });
    try {
      const downAdmin = await signedInAdmin(down.app);
      for (const url of [importLink(publicUploads[5]!.id), '/api/admin/videos/import']) {
        const res = await callApi(down.app, 'GET', url, { token: downAdmin.token });
        expect(res.statusCode).toBe(502);
        expect(res.body.message).toBe(apiMessages.youtubeUnavailable);
      }
    } finally {
      await down.close();
    }
  });
});

describe('without a YouTube API key', () => {
  let keyless: TestApp;
  let keylessAdmin: Caller;
  beforeAll(async () => {
    keyless = await createTestApp({ env: fakeUrls() });
    keylessAdmin = await signedInAdmin(keyless.app);
  });
  afterAll(() => keyless.close());

  it('imports one video through oEmbed, dated today', async () => {
    const source = publicUploads[0]!;
    const before = Date.now();
    const res = await callApi(
      keyless.app,
      'GET',
      importLink(`https://m.youtube.com/watch?v=${source.id}`),
      {
        token: keylessAdmin.token,
      },
    );
    expect(res.statusCode).toBe(201);
    const video = res.body.data as Video;
    expect(video).toMatchObject({ title: source.title, description: '', public_state: false });
    expect(new Date(video.published_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers 503 for the channel import naming the missing setting: not a 401, which reads as a session ended', async () => {
    const res = await callApi(keyless.app, 'GET', '/api/admin/videos/import', {
      token: keylessAdmin.token,
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).toEqual({ status: 503, data: null, message: apiMessages.youtubeNoApiKey });
    expect(res.body.message).toContain('YOUTUBE_API_KEY');
    expect(res.headers['www-authenticate']).toBeUndefined();
    // Nothing to wait for: a retry will not help until the setting is there.
    expect(res.headers['retry-after']).toBeUndefined();
    // The admin is still signed in.
    const after = await callApi(keyless.app, 'GET', '/api/admin/dashboard', {
      token: keylessAdmin.token,
    });
    expect(after.statusCode).toBe(200);
  });

  it('names YOUTUBE_CHANNEL_ID when the key is there and the channel is not', async () => {
    const channelless = await createTestApp({
      env: { ...fakeUrls(), YOUTUBE_API_KEY: 'some-key' },
    });
    try {
      const res = await callApi(channelless.app, 'GET', '/api/admin/videos/import', {
        token: (await signedInAdmin(channelless.app)).token,
      });
      expect(res.statusCode).toBe(503);
      expect(res.body.message).toBe(apiMessages.youtubeNoChannel);
    } finally {
      await channelless.close();
    }
  });
});

describe('GET /api/admin/videos/import (the whole channel)', () => {
  let channel: TestApp;
  let channelAdmin: Caller;
  beforeAll(async () => {
    channel = await createTestApp({ env: youtubeEnv({ YOUTUBE_TIMEOUT_MS: '2000' }) });
    channelAdmin = await signedInAdmin(channel.app);
  });
  afterAll(() => channel.close());

  it('adds every visible upload not imported yet, keeping publish dates and privacy; a second run adds none', async () => {
    const visible = uploads.filter((video) => video.privacyStatus !== 'private');
    const one = publicUploads[10]!;
    const single = await callApi(channel.app, 'POST', '/api/admin/videos', {
      token: channelAdmin.token,
      body: { id: one.id },
    });
    expect(single.statusCode).toBe(201);

    const first = await callApi(channel.app, 'GET', '/api/admin/videos/import', {
      token: channelAdmin.token,
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toEqual({
      status: 200,
      data: { added: visible.length - 1, skipped: 1 },
      message: apiMessages.videosImported,
    });
    const rows = await channel.db.select().from(videos);
    expect(rows).toHaveLength(visible.length);
    const byYoutubeId = new Map(rows.map((row) => [row.youtubeId, row]));
    for (const source of visible) {
      const row = byYoutubeId.get(source.id);
      expect(row?.publishedAt.toISOString()).toBe(new Date(source.publishedAt).toISOString());
      expect(row?.createdBy).toBe(channelAdmin.id);
      // The single import stays Private until the admin publishes it.
      if (source.id !== one.id) expect(row?.isPublic).toBe(source.privacyStatus === 'public');
    }
    expect(byYoutubeId.get(one.id)?.isPublic).toBe(false);
    expect(rows.filter((row) => !row.isPublic).length).toBeGreaterThan(1);

    const second = await callApi(channel.app, 'GET', '/api/admin/videos/import', {
      token: channelAdmin.token,
    });
    expect(second.body.data).toEqual({ added: 0, skipped: visible.length });
    expect(await channel.db.select({ id: videos.id }).from(videos)).toHaveLength(visible.length);

    // An import changes the catalogue, so the audit log has it, though the spec makes it a GET.
    const log = await callApi(
      channel.app,
      'GET',
      `/api/admin/audit?action=${encodeURIComponent('GET /api/admin/videos/import')}`,
      { token: channelAdmin.token },
    );
    const entries = (log.body.data as { entries: AuditEntry[] }).entries;
    expect(entries.map((entry) => entry.details)).toEqual([['0'], [String(visible.length - 1)]]);
  });
});
