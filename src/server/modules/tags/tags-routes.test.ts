import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { artistsTagsMessages as am } from '@shared/messages/artists-tags.js';
import type { Tag, Video } from '@shared/schemas/catalogue.js';
import { tags, videoTags } from '@server/db/schema.js';
import { buildArtist, buildTag, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, user, admin } = useTestApp({ signIn: { user: 'user', admin: 'admin' } });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const asAdmin = (method: Method, url: string, body?: unknown) =>
  callApi(t.app, method, url, { token: admin.token, body });
const tagIdsOf = async (videoId: number) =>
  (await t.db.select().from(videoTags).where(eq(videoTags.videoId, videoId)))
    .map((row) => row.tagId)
    .sort();
const linkCount = async () => (await t.db.select({ n: count() }).from(videoTags))[0]!.n;

describe('who may manage tags', () => {
  it.each([
    ['GET', '/api/tags', undefined],
    ['POST', '/api/tags', { id: 1, name: 'x' }],
    ['PUT', '/api/tags', { epid: 1, tagid: [1] }],
    ['DELETE', '/api/tags', { epid: 1, tagid: [1] }],
    ['PUT', '/api/tags/autotag', undefined],
    ['GET', '/api/tags/featured', undefined],
    ['PUT', '/api/tags/featured', { id: [] }],
  ] as [Method, string, unknown][])(
    '%s %s: 401 for a visitor, 403 for a user',
    async (method, url, body) => {
      const visitor = await callApi(t.app, method, url, { body });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.body.message).toBe(apiMessages.signInRequired);
      const plain = await callApi(t.app, method, url, { token: user.token, body });
      expect(plain.statusCode).toBe(403);
      expect(plain.body).toEqual({ status: 403, data: null, message: apiMessages.adminRequired });
    },
  );
});

describe('GET /api/tags', () => {
  it('lists every tag by name, case and accents ignored', async () => {
    const names = ['zydeco', 'Ébène', 'Americana', 'bluegrass'];
    for (const name of names) await buildTag(t.db, name);
    const res = await asAdmin('GET', '/api/tags');
    expect(res.statusCode).toBe(200);
    const list = (res.body.data as { tags: Tag[] }).tags.map((tag) => tag.name);
    expect(list.filter((name) => names.includes(name))).toEqual([
      'Americana',
      'bluegrass',
      'Ébène',
      'zydeco',
    ]);
  });

  it('filters with q for the autocomplete: names starting with it first, then containing it', async () => {
    await buildTag(t.db, 'Outlaw Country');
    await buildTag(t.db, 'Country Gold');
    await buildTag(t.db, 'Pop');
    const res = await asAdmin('GET', '/api/tags?q=COUNTRY');
    const list = (res.body.data as { tags: Tag[] }).tags;
    expect(list.map((tag) => tag.name)).toEqual(['Country Gold', 'Outlaw Country']);
    expect(list[0]).toEqual({ id: expect.any(Number), name: 'Country Gold' });
    const none = await asAdmin('GET', '/api/tags?q=%25');
    expect(none.body.data).toEqual({ tags: [] });
  });
});

describe('POST /api/tags', () => {
  it('creates a new tag on the video and answers 201 with it', async () => {
    const video = await buildVideo(t.db);
    const res = await asAdmin('POST', '/api/tags', {
      id: String(video.id),
      name: '  Gospel Hour ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.body.message).toBe(am.tagAdded);
    const tag = (res.body.data as { tag: Tag }).tag;
    expect(tag).toEqual({ id: expect.any(Number), name: 'Gospel Hour' });
    expect(await tagIdsOf(video.id)).toEqual([tag.id]);
  });

  it('reuses an existing tag whatever its case, and adding it twice changes nothing', async () => {
    const existing = await buildTag(t.db, 'Western Swing');
    const video = await buildVideo(t.db);
    const first = await asAdmin('POST', '/api/tags', { id: video.id, name: 'WESTERN swing' });
    expect(first.statusCode).toBe(201);
    expect(first.body.data).toEqual({ tag: { id: existing.id, name: 'Western Swing' } });
    const second = await asAdmin('POST', '/api/tags', { id: video.id, name: 'western swing' });
    expect(second.statusCode).toBe(201);
    expect(await tagIdsOf(video.id)).toEqual([existing.id]);
    const named = await t.db
      .select()
      .from(tags)
      .where(sql`lower(${tags.name}) = 'western swing'`);
    expect(named).toHaveLength(1);
  });

  it('answers 404 for an unknown video without creating the tag', async () => {
    const res = await asAdmin('POST', '/api/tags', { id: 999999, name: 'Orphan Tag' });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(apiMessages.videoNotFound);
    expect(await t.db.select().from(tags).where(eq(tags.name, 'Orphan Tag'))).toEqual([]);
  });

  it.each([
    ['no name', { id: 1 }, am.tagNameRequired],
    ['a blank name', { id: 1, name: '  ' }, am.tagNameRequired],
    [
      'a 61-character name',
      { id: 1, name: 'x'.repeat(61) },
      'Tag name must be at most 60 characters',
    ],
    ['a video id that is not a number', { id: 'abc', name: 'x' }, 'id must be a number'],
    ['no video id', { name: 'x' }, 'id is required'],
    ['an unknown field', { id: 1, name: 'x', tagName: 'x' }, 'Unknown field in body: tagName'],
  ])('rejects %s with a 400', async (_name, body, message) => {
    const res = await asAdmin('POST', '/api/tags', body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
  });
});

describe('PUT and DELETE /api/tags', () => {
  it("attach: the artist's page lists the video; detach: it is gone again", async () => {
    const artist = await buildArtist(t.db, { name: 'Kitty Wells' });
    const other = await buildTag(t.db, 'Honky Tonk Angels');
    const video = await buildVideo(t.db);
    const attach = await asAdmin('PUT', '/api/tags', {
      epid: String(video.id),
      tagid: [artist.tagId, String(other.id), artist.tagId],
    });
    expect(attach.statusCode).toBe(200);
    expect(attach.body.message).toBe(am.tagsAttached);
    expect(attach.body.data).toEqual({
      tags: [
        { id: other.id, name: 'Honky Tonk Angels' },
        { id: artist.tagId, name: 'Kitty Wells' },
      ],
    });
    const page = await callApi(t.app, 'GET', `/api/artists/${artist.id}`, { token: user.token });
    expect((page.body.data as { videos: Video[] }).videos.map((v) => v.id)).toEqual([video.id]);

    const again = await asAdmin('PUT', '/api/tags', { epid: video.id, tagid: [artist.tagId] });
    expect(again.statusCode).toBe(200);
    expect(await tagIdsOf(video.id)).toEqual([artist.tagId, other.id].sort());

    const detach = await asAdmin('DELETE', '/api/tags', { epid: video.id, tagid: [artist.tagId] });
    expect(detach.statusCode).toBe(200);
    expect(detach.body).toEqual({
      status: 200,
      data: { tags: [{ id: other.id, name: 'Honky Tonk Angels' }] },
      message: am.tagsDetached,
    });
    const after = await callApi(t.app, 'GET', `/api/artists/${artist.id}`, { token: user.token });
    expect((after.body.data as { videos: Video[] }).videos).toEqual([]);
  });

  it.each(['PUT', 'DELETE'] as const)(
    '%s: 404 naming unknown tag ids, 404 for an unknown video',
    async (method) => {
      const tag = await buildTag(t.db);
      const video = await buildVideo(t.db, { tagIds: [tag.id] });
      const unknownTags = await asAdmin(method, '/api/tags', {
        epid: video.id,
        tagid: [tag.id, 888888, 999999],
      });
      expect(unknownTags.statusCode).toBe(404);
      expect(unknownTags.body.message).toContain('888888, 999999');
      expect(await tagIdsOf(video.id)).toEqual([tag.id]);
      const unknownVideo = await asAdmin(method, '/api/tags', { epid: 999999, tagid: [tag.id] });
      expect(unknownVideo.statusCode).toBe(404);
      expect(unknownVideo.body.message).toBe(apiMessages.videoNotFound);
    },
  );

  it("takes an empty list as nothing to do, and answers the video's tags", async () => {
    const tag = await buildTag(t.db, 'Empty List Tag');
    const video = await buildVideo(t.db, { tagIds: [tag.id] });
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await asAdmin(method, '/api/tags', { epid: String(video.id), tagid: [] });
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toEqual({ tags: [{ id: tag.id, name: 'Empty List Tag' }] });
    }
    expect(await tagIdsOf(video.id)).toEqual([tag.id]);
  });

  it.each([
    ['no list', { epid: 1 }, 'tagid must be a list of tag ids'],
    ['a list of words', { epid: 1, tagid: ['rock'] }, 'tagid.0: tagid must be a number'],
    ['no epid', { tagid: [1] }, 'epid is required'],
    ['an unknown field', { epid: 1, tagid: [1], name: 'x' }, 'Unknown field in body: name'],
  ])('rejects %s with a 400', async (_name, body, message) => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await asAdmin(method, '/api/tags', body);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('PUT /api/tags/autotag', () => {
  it("puts each artist's tag on the videos naming it as whole words, once", async () => {
    const merle = await buildArtist(t.db, { name: 'Merle Haggard' });
    const bela = await buildArtist(t.db, { name: 'Béla Fleck' });
    const tim = await buildArtist(t.db, { name: 'Tim' });
    const titled = await buildVideo(t.db, {
      title: 'Live: MERLE HAGGARD sings',
      description: 'Okie.',
    });
    const described = await buildVideo(t.db, {
      title: 'Banjo night',
      description: 'With bela fleck and friends',
    });
    const both = await buildVideo(t.db, { title: 'Tim meets Merle Haggard', description: '' });
    const timber = await buildVideo(t.db, {
      title: 'Timber season',
      description: 'Merle and Haggard apart',
    });
    const hidden = await buildVideo(t.db, { title: 'Tim rehearses', isPublic: false });
    const before = await linkCount();

    const res = await asAdmin('PUT', '/api/tags/autotag');
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(apiMessages.tagsUpdated);
    const added = (res.body.data as { added: number }).added;
    expect(added).toBe((await linkCount()) - before);
    expect(added).toBeGreaterThanOrEqual(5);
    expect(await tagIdsOf(titled.id)).toEqual([merle.tagId]);
    expect(await tagIdsOf(described.id)).toEqual([bela.tagId]);
    expect(await tagIdsOf(both.id)).toEqual([merle.tagId, tim.tagId].sort());
    expect(await tagIdsOf(timber.id)).toEqual([]);
    expect(await tagIdsOf(hidden.id)).toEqual([tim.tagId]);

    const second = await asAdmin('PUT', '/api/tags/autotag', {});
    expect(second.body.data).toEqual({ added: 0 });
    expect(await linkCount()).toBe(before + added);
  });

  it('keeps links made by hand, and accepts a JSON content type with an empty body', async () => {
    const artist = await buildArtist(t.db, { name: 'Roy Acuff' });
    const video = await buildVideo(t.db, { title: 'Grand Ole Opry', tagIds: [artist.tagId] });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/tags/autotag',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(await tagIdsOf(video.id)).toEqual([artist.tagId]);
  });

  it('rejects a body with fields', async () => {
    const res = await asAdmin('PUT', '/api/tags/autotag', { all: true });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Unknown field in body: all');
  });
});
