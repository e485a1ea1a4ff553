import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminVideosMessages } from '@shared/messages/admin-videos.js';
import { apiMessages } from '@shared/messages/api.js';
import { validationMessages } from '@shared/messages/validation.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { videoLikes, videoTags, videos } from '@server/db/schema.js';
import { buildTag, buildUser, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin } = useTestApp({ signIn: { admin: 'admin' } });

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

describe('PUT /api/admin/videos takes the video as GET /api/videos/{id} answers it', () => {
  const readVideo = async (id: number) => {
    const res = await callApi(t.app, 'GET', `/api/videos/${id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    return (res.body.data as { video: Video }).video;
  };
  const tagIdsOf = async (id: number) =>
    (await t.db.select().from(videoTags).where(eq(videoTags.videoId, id))).map((row) => row.tagId);

  it('saves the one field changed and leaves every other column as it was', async () => {
    const tag = await buildTag(t.db);
    const video = await buildVideo(t.db, { tagIds: [tag.id], episodeNumber: 41 });
    const read = await readVideo(video.id);
    expect(Object.keys(read).sort()).toEqual(
      [
        'description',
        'epid',
        'episode_number',
        'epnum',
        'id',
        'isLiked',
        'like_count',
        'link',
        'public_state',
        'published_at',
        'publish_at',
        'tags',
        'thumbnail',
        'title',
        'view_count',
        'youtube_id',
        'youtube_url',
      ].sort(),
    );
    const before = await readRow(video.id);
    const res = await edit({ ...read, title: 'A new title' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ ...read, title: 'A new title' });
    const after = (await readRow(video.id))!;
    expect(after.title).toBe('A new title');
    // Every stored column but the title, its search columns (derived from it) and updated_at.
    const untouched = (row: typeof after) =>
      Object.entries(row).filter(([key]) => !/^(title|search|updatedAt)/.test(key));
    expect(untouched(after)).toEqual(untouched(before!));
    expect(await tagIdsOf(video.id)).toEqual([tag.id]);
  });

  it('reads epnum as episode_number and epid as id', async () => {
    const video = await buildVideo(t.db, { episodeNumber: 5 });
    const read: Partial<Video> = await readVideo(video.id);
    delete read.id;
    delete read.episode_number;
    const res = await edit({ ...read, epnum: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ id: video.id, episode_number: 6, epnum: 6 });
    expect((await readRow(video.id))?.episodeNumber).toBe(6);
  });

  it('accepts episode_number and epnum together when they agree once read', async () => {
    const video = await buildVideo(t.db, { episodeNumber: 5 });
    const read = await readVideo(video.id);
    const res = await edit({ ...read, episode_number: '7', epnum: 7 });
    expect(res.statusCode).toBe(200);
    expect((await readRow(video.id))?.episodeNumber).toBe(7);
  });

  it('never writes the read-only fields, whatever they say', async () => {
    const tag = await buildTag(t.db);
    const video = await buildVideo(t.db, { tagIds: [tag.id] });
    const read = await readVideo(video.id);
    const before = await readRow(video.id);
    const res = await edit({
      ...read,
      thumbnail: 'https://evil.example.com/a.jpg',
      youtube_id: 'AAAAAAAAAAA',
      youtube_url: 'https://www.youtube.com/watch?v=AAAAAAAAAAA',
      link: 'https://www.youtube.com/watch?v=AAAAAAAAAAA',
      published_at: '2001-01-01T00:00:00.000Z',
      like_count: 9999,
      view_count: 9999,
      tags: [],
      isLiked: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await readRow(video.id)).toMatchObject({
      youtubeId: before!.youtubeId,
      thumbnail: before!.thumbnail,
      publishedAt: before!.publishedAt,
      likeCount: before!.likeCount,
    });
    expect(await tagIdsOf(video.id)).toEqual([tag.id]);
  });

  it.each([
    ['epnum', { episode_number: 8, epnum: 9 }, 'epnum and episode_number differ'],
    ['epid', { id: 1, epid: 2 }, 'epid and id differ'],
  ])('refuses %s that disagrees with its field, naming both', async (_name, change, words) => {
    const video = await buildVideo(t.db, { title: 'Unchanged', episodeNumber: 3 });
    const read = await readVideo(video.id);
    const res = await edit({ ...read, title: 'Changed', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`${words}: send one of them, or the same value in both`);
    expect(await readRow(video.id)).toMatchObject({ title: 'Unchanged', episodeNumber: 3 });
  });

  it.each([
    ['isAdmin', true],
    ['youtubeId', 'AAAAAAAAAAA'],
    ['is_public', true],
    ['likeCount', 5],
    ['updated_at', '2001-01-01T00:00:00.000Z'],
    ['token', 'x'],
  ])('still refuses %s, outside the read shape, and changes nothing', async (field, value) => {
    const video = await buildVideo(t.db, { title: 'Unchanged' });
    const read = await readVideo(video.id);
    const before = await readRow(video.id);
    const res = await edit({ ...read, title: 'Changed', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      data: null,
      message: `Unknown field in body: ${field}`,
    });
    expect(await readRow(video.id)).toEqual(before);
  });

  it('lists the aliases and read-only fields in the OpenAPI body', () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>;
    };
    const body = doc.paths['/api/admin/videos']!.put!.requestBody.content['application/json'] as {
      schema: { properties: Record<string, unknown>; additionalProperties: boolean };
    };
    expect(Object.keys(body.schema.properties)).toEqual(
      expect.arrayContaining(['id', 'epid', 'episode_number', 'epnum', 'tags', 'thumbnail']),
    );
    expect(body.schema.additionalProperties).toBe(false);
  });
});
