import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminVideosMessages } from '../../../shared/messages/admin-videos.js';
import { apiMessages } from '../../../shared/messages/api.js';
import { validationMessages } from '../../../shared/messages/validation.js';
import type { Video } from '../../../shared/schemas/catalogue.js';
import { videoLikes, videoTags, videos } from '../../db/schema.js';
import {
  buildTag,
  buildUser,
  buildVideo,
  callApi,
  signedInAdmin,
  type Caller,
} from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t.app);
});
afterAll(() => t.close());

const edit = (body: Record<string, unknown>) =>
  callApi(t.app, 'PUT', '/api/admin/videos', { token: admin.token, body });

const readRow = async (id: number) =>
  (await t.db.select().from(videos).where(eq(videos.id, id)))[0];

describe('PUT /api/admin/videos', () => {
  it("saves the editor's fields, sets updated_at and answers the updated video with its tags", async () => {
    const tag = await buildTag(t.db);
    const video = await buildVideo(t.db, {
      isPublic: false,
      tagIds: [tag.id],
      episodeNumber: null,
    });
    const before = await readRow(video.id);
    const res = await edit({
      id: String(video.id),
      title: '  Twang Sessions Episode 88: Ruby Lowry  ',
      description: 'Ruby plays the Opry.',
      episode_number: '88',
      public_state: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(apiMessages.videoUpdated);
    expect(res.body.data).toMatchObject({
      id: video.id,
      title: 'Twang Sessions Episode 88: Ruby Lowry',
      description: 'Ruby plays the Opry.',
      episode_number: 88,
      epnum: 88,
      public_state: true,
      tags: [{ id: tag.id, name: tag.name }],
    });
    const after = await readRow(video.id);
    expect(after).toMatchObject({
      isPublic: true,
      episodeNumber: 88,
      title: 'Twang Sessions Episode 88: Ruby Lowry',
    });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
  });

  it.each([
    ["'-1'", '-1', null],
    ['-1', -1, null],
    ['an empty string', '', null],
    ['null', null, null],
    ['0', 0, 0],
    ["'0'", '0', 0],
    ['a number', 15, 15],
  ])('reads episode_number %s', async (_name, episode_number, stored) => {
    const video = await buildVideo(t.db, { episodeNumber: 3 });
    const res = await edit({
      id: video.id,
      title: 'T',
      description: 'D',
      episode_number,
      public_state: '0',
    });
    expect(res.statusCode).toBe(200);
    expect((res.body.data as Video).episode_number).toBe(stored);
    expect((await readRow(video.id))?.episodeNumber).toBe(stored);
  });

  it('leaves the episode number and privacy alone when they are not sent', async () => {
    const video = await buildVideo(t.db, { episodeNumber: 9, isPublic: true });
    const res = await edit({ id: video.id, title: 'New title', description: 'New text' });
    expect(res.statusCode).toBe(200);
    expect(await readRow(video.id)).toMatchObject({
      episodeNumber: 9,
      isPublic: true,
      title: 'New title',
    });
  });

  it("makes a public video private with public_state '0'", async () => {
    const video = await buildVideo(t.db, { isPublic: true });
    await edit({ id: video.id, title: 'T', description: 'D', public_state: '0' });
    expect((await readRow(video.id))?.isPublic).toBe(false);
  });

  it.each([
    ['an empty title', { title: '' }, validationMessages.videoFillAll],
    ['a blank title', { title: '   ' }, validationMessages.videoFillAll],
    ['a missing title', { title: undefined }, validationMessages.videoFillAll],
    ['a missing description', { description: undefined }, validationMessages.videoFillAll],
    ['a title of the wrong type', { title: 5 }, 'title must be a string'],
    [
      'a word as episode number',
      { episode_number: 'ten' },
      adminVideosMessages.episodeNumberInvalid,
    ],
    [
      'a fractional episode number',
      { episode_number: 2.5 },
      adminVideosMessages.episodeNumberInvalid,
    ],
    ['a negative episode number', { episode_number: -2 }, adminVideosMessages.episodeNumberInvalid],
    [
      'a boolean episode number',
      { episode_number: true },
      adminVideosMessages.episodeNumberInvalid,
    ],
    ['a bad public_state', { public_state: 'yes' }, "public_state must be '1' or '0'"],
    ['a bad id', { id: 'abc' }, 'id must be a number'],
    ['a missing id', { id: undefined }, 'id is required'],
    ['an unknown field', { views: 3 }, 'Unknown field in body: views'],
  ])('rejects %s with 400 and changes nothing', async (_name, overrides, message) => {
    const video = await buildVideo(t.db, { title: 'Unchanged' });
    const res = await edit({
      id: video.id,
      title: 'T',
      description: 'D',
      public_state: '1',
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
    expect((await readRow(video.id))?.title).toBe('Unchanged');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await edit({ id: 99_999_999, title: 'T', description: 'D', public_state: '1' });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(apiMessages.videoNotFound);
  });
});

describe('DELETE /api/admin/videos', () => {
  const remove = (body: unknown) =>
    callApi(t.app, 'DELETE', '/api/admin/videos', { token: admin.token, body });

  it('deletes the video with its tags and likes, the id given as a string', async () => {
    const tag = await buildTag(t.db);
    const video = await buildVideo(t.db, { tagIds: [tag.id] });
    const fan = await buildUser(t.db);
    await t.db.insert(videoLikes).values({ userId: fan.id, videoId: video.id });
    const res = await remove({ id: String(video.id) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 200, data: null, message: apiMessages.videoDeleted });
    expect(await readRow(video.id)).toBeUndefined();
    expect(await t.db.select().from(videoTags).where(eq(videoTags.videoId, video.id))).toEqual([]);
    expect(await t.db.select().from(videoLikes).where(eq(videoLikes.videoId, video.id))).toEqual(
      [],
    );
  });

  it('accepts a numeric id and answers 404 the second time', async () => {
    const video = await buildVideo(t.db);
    expect((await remove({ id: video.id })).statusCode).toBe(200);
    const again = await remove({ id: video.id });
    expect(again.statusCode).toBe(404);
    expect(again.body.message).toBe(apiMessages.videoNotFound);
  });

  it.each([
    ['a word', { id: 'abc' }, 'id must be a number'],
    ['zero', { id: 0 }, 'id must be a positive number'],
    ['an unknown field', { id: 1, force: true }, 'Unknown field in body: force'],
  ])('rejects %s with 400', async (_name, body, message) => {
    const res = await remove(body);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
