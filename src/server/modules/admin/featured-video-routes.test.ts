import { describe, expect, it } from 'vitest';
import { adminVideosMessages } from '@shared/messages/admin-videos.js';
import { apiMessages } from '@shared/messages/api.js';
import type { FeaturedVideo } from '@shared/schemas/admin-videos.js';
import { featuredVideo } from '@server/db/schema.js';
import { buildVideo, callApi } from '@server/testing/factories.js';
import { fakeYoutubeClient, youtubeDetails } from '@server/testing/fake-youtube-client.js';
import { useTestApp } from '@server/testing/use-test-app.js';

/** A YouTube that knows every id; the featured video does not need the real one. */
const youtube = fakeYoutubeClient({
  video: (youtubeId) =>
    youtubeDetails(youtubeId, {
      title: 'Imported later',
      publishedAt: new Date('2024-02-02T12:00:00Z'),
    }),
});

const { t, admin } = useTestApp({ youtube, signIn: { admin: 'admin' } });

const read = () => callApi(t.app, 'GET', '/api/admin/videos/featured', { token: admin.token });
const save = (body: Record<string, unknown>) =>
  callApi(t.app, 'PUT', '/api/admin/videos/featured', { token: admin.token, body });

describe('GET and PUT /api/admin/videos/featured', () => {
  it('answers empty fields before any featured video is set', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ title: '', link: '', video: null });
  });

  it('saves title and link and points at the catalogue video of that link', async () => {
    const video = await buildVideo(t.db, { isPublic: true });
    const link = `https://youtu.be/${video.youtubeId}?si=abc`;
    const res = await save({ title: '  This Week on Twang ', link });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(apiMessages.featuredVideoUpdated);
    const data = res.body.data as FeaturedVideo;
    expect(data).toMatchObject({ title: 'This Week on Twang', link });
    expect(data.video).toMatchObject({ id: video.id, youtube_id: video.youtubeId });
    expect((await read()).body.data).toEqual(data);
  });

  it('keeps a single row, and a link outside the catalogue points at no video', async () => {
    const res = await save({
      title: 'Elsewhere',
      link: 'https://www.youtube.com/watch?v=AbCdEfGhIjK',
    });
    expect(res.statusCode).toBe(200);
    expect((res.body.data as FeaturedVideo).video).toBeNull();
    const rows = await t.db.select().from(featuredVideo);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, title: 'Elsewhere', videoId: null });
  });

  it('connects the featured link once its video is imported', async () => {
    const youtubeId = 'FeAtUrEd_01';
    await save({ title: 'Coming soon', link: `youtube.com/live/${youtubeId}` });
    const imported = await callApi(t.app, 'POST', '/api/admin/videos', {
      token: admin.token,
      body: { id: youtubeId },
    });
    expect(imported.statusCode).toBe(201);
    const featured = (await read()).body.data as FeaturedVideo;
    expect(featured.video?.youtube_id).toBe(youtubeId);
  });

  it('keeps title and link but drops the video when that video is deleted', async () => {
    const video = await buildVideo(t.db);
    await save({ title: 'Soon gone', link: video.youtubeId });
    await callApi(t.app, 'DELETE', '/api/admin/videos', {
      token: admin.token,
      body: { id: video.id },
    });
    expect((await read()).body.data).toEqual({
      title: 'Soon gone',
      link: video.youtubeId,
      video: null,
    });
  });

  it.each([
    ['a missing title', { title: undefined }, adminVideosMessages.featuredTitleRequired],
    ['a blank title', { title: '  ' }, adminVideosMessages.featuredTitleRequired],
    ['a missing link', { link: undefined }, adminVideosMessages.featuredLinkRequired],
    ['an empty link', { link: '' }, adminVideosMessages.featuredLinkRequired],
    [
      'a link to another site',
      { link: 'https://vimeo.com/12345678' },
      apiMessages.youtubeLinkInvalid,
    ],
    [
      'a look-alike host',
      { link: 'https://youtube.com.evil.com/watch?v=AbCdEfGhIjK' },
      apiMessages.youtubeLinkInvalid,
    ],
    ['a link of the wrong type', { link: 42 }, 'link must be a string'],
    ['an unknown field', { videoId: 3 }, 'Unknown field in body: videoId'],
  ])('rejects %s with 400 and keeps the saved one', async (_name, overrides, message) => {
    await save({ title: 'Kept', link: 'https://youtu.be/KePtViDeO01' });
    const res = await save({ title: 'New', link: 'https://youtu.be/NeWvIdEo001', ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
    expect((await read()).body.data).toMatchObject({ title: 'Kept' });
  });
});

describe('PUT /api/admin/videos/featured takes the featured video as GET answers it', () => {
  it('saves the changed title and ignores the video read beside the link', async () => {
    const video = await buildVideo(t.db, { isPublic: true });
    await save({ title: 'Before', link: `https://youtu.be/${video.youtubeId}` });
    const sent = (await read()).body.data as FeaturedVideo;
    expect(sent.video).toMatchObject({ id: video.id });
    const res = await save({ ...sent, title: 'After' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ ...sent, title: 'After' });
    const other = await buildVideo(t.db, { isPublic: true });
    const ignored = await save({
      ...sent,
      title: 'After',
      video: { ...sent.video!, id: other.id },
    });
    expect(ignored.statusCode).toBe(200);
    expect((ignored.body.data as FeaturedVideo).video).toMatchObject({ id: video.id });
  });

  it.each([
    ['videoId', 3],
    ['video_id', 3],
    ['isAdmin', true],
  ])('still refuses %s and keeps the saved one', async (field, value) => {
    await save({ title: 'Kept', link: 'https://youtu.be/KePtViDeO01' });
    const sent = (await read()).body.data as FeaturedVideo;
    const res = await save({ ...sent, title: 'New', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`Unknown field in body: ${field}`);
    expect((await read()).body.data).toEqual(sent);
  });
});
