import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { artistsTagsMessages as am } from '@shared/messages/artists-tags.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import type { Artist, Video } from '@shared/schemas/catalogue.js';
import { artistLikes, artists, tags, videoTags } from '@server/db/schema.js';
import {
  buildArtist,
  buildTag,
  buildUser,
  buildVideo,
  callApi,
} from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, user, admin } = useTestApp({ signIn: { user: 'user', admin: 'admin' } });

const newArtist = (overrides: Record<string, unknown> = {}) => ({
  name: `Singer ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Sings about trains.',
  img_path: 'https://images.example.com/singer.jpg',
  featured: '0',
  ...overrides,
});
const create = (body: unknown) =>
  callApi(t.app, 'POST', '/api/admin/artists', { token: admin.token, body });
const update = (body: unknown) =>
  callApi(t.app, 'PUT', '/api/admin/artists', { token: admin.token, body });
const remove = (body: unknown) =>
  callApi(t.app, 'DELETE', '/api/admin/artists', { token: admin.token, body });
const tagsNamed = (name: string) =>
  t.db
    .select()
    .from(tags)
    .where(sql`lower(${tags.name}) = lower(${name})`);

describe('who may manage artists', () => {
  const cases: ['GET' | 'POST' | 'PUT' | 'DELETE', () => Promise<object | undefined>][] = [
    ['GET', async () => undefined],
    ['POST', async () => newArtist()],
    ['PUT', async () => ({ ...newArtist(), id: (await buildArtist(t.db)).id })],
    ['DELETE', async () => ({ id: (await buildArtist(t.db)).id })],
  ];
  it.each(cases)(
    '%s /api/admin/artists: 401 visitor, 403 user, admin allowed',
    async (method, makeBody) => {
      const body = await makeBody();
      const visitor = await callApi(t.app, method, '/api/admin/artists', { body });
      expect(visitor.statusCode).toBe(401);
      const plain = await callApi(t.app, method, '/api/admin/artists', { token: user.token, body });
      expect(plain.statusCode).toBe(403);
      expect(plain.body.message).toBe(apiMessages.adminRequired);
      const allowed = await callApi(t.app, method, '/api/admin/artists', {
        token: admin.token,
        body,
      });
      expect(allowed.statusCode).toBe(method === 'POST' ? 201 : 200);
    },
  );
});

describe('GET /api/admin/artists', () => {
  it('pages the artists by name with their like counts', async () => {
    const [a, b, c] = [
      await buildArtist(t.db, { name: 'Pagey Alpha' }),
      await buildArtist(t.db, { name: 'pagey Bravo' }),
      await buildArtist(t.db, { name: 'Pagéy Charlie' }),
    ];
    const fans = await Promise.all([buildUser(t.db), buildUser(t.db)]);
    await t.db.insert(artistLikes).values([
      { userId: fans[0].id, artistId: b.id },
      { userId: fans[1].id, artistId: b.id },
      { userId: fans[0].id, artistId: c.id },
    ]);
    const first = await callApi(t.app, 'GET', '/api/admin/artists?q=PAGEY&page=1&pageSize=2', {
      token: admin.token,
    });
    expect(first.statusCode).toBe(200);
    const data = first.body.data as { artists: Artist[]; pageInfo: unknown };
    expect(data.pageInfo).toEqual({ total: 3, page: 1, pageSize: 2 });
    expect(data.artists.map((artist) => [artist.id, artist.like_count])).toEqual([
      [a.id, 0],
      [b.id, 2],
    ]);
    const second = await callApi(t.app, 'GET', '/api/admin/artists?q=pagey&page=2&pageSize=2', {
      token: admin.token,
    });
    const rest = (second.body.data as { artists: Artist[] }).artists;
    expect(rest.map((artist) => [artist.name, artist.like_count])).toEqual([['Pagéy Charlie', 1]]);
  });

  it('defaults to page 1 of 25 and treats q as plain text', async () => {
    const res = await callApi(t.app, 'GET', '/api/admin/artists?q=%25_', { token: admin.token });
    expect(res.body.data).toEqual({ artists: [], pageInfo: { total: 0, page: 1, pageSize: 25 } });
    const all = await callApi(t.app, 'GET', '/api/admin/artists', { token: admin.token });
    expect((all.body.data as { pageInfo: { pageSize: number } }).pageInfo.pageSize).toBe(25);
  });

  it.each([
    ['pageSize=101', 'pageSize must be between 1 and 100'],
    ['pageSize=0', 'pageSize must be between 1 and 100'],
    ['page=0', 'page must be 1 or more'],
    ['page=abc', 'page must be a number'],
    ['page=1.5', 'page must be a whole number'],
  ])('rejects %s', async (query, message) => {
    const res = await callApi(t.app, 'GET', `/api/admin/artists?${query}`, { token: admin.token });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('POST /api/admin/artists', () => {
  it("answers 201 with the artist and creates the artist's own tag", async () => {
    const body = newArtist({ name: '  Tammy Wynette ', featured: '1' });
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    expect(res.body.status).toBe(201);
    expect(res.body.message).toBe(apiMessages.artistCreated);
    const artist = res.body.data as Artist;
    expect(artist).toMatchObject({
      name: 'Tammy Wynette',
      description: 'Sings about trains.',
      image: body.img_path,
      img_path: body.img_path,
      featured: 1,
      like_count: 0,
    });
    const [tag] = await tagsNamed('Tammy Wynette');
    expect(tag).toMatchObject({ id: artist.tagid, name: 'Tammy Wynette' });
    const [stored] = await t.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(stored?.featured).toBe(true);
  });

  it('accepts featured as a boolean or a number, and no image at all', async () => {
    for (const featured of [true, 1, false, 0]) {
      const res = await create({
        name: `Flag ${String(featured)} ${typeof featured}`,
        description: 'x',
        featured,
      });
      expect(res.statusCode).toBe(201);
      expect((res.body.data as Artist).featured).toBe(featured ? 1 : 0);
    }
    const bare = await create({ name: 'No Picture', description: 'x' });
    expect(bare.body.data).toMatchObject({ img_path: '', featured: 0 });
  });

  it('reuses an unowned tag of that name, whatever its case, with its videos', async () => {
    const tag = await buildTag(t.db, 'honky tonk heroes');
    const video = await buildVideo(t.db, { tagIds: [tag.id] });
    const res = await create(newArtist({ name: 'Honky Tonk Heroes' }));
    expect(res.statusCode).toBe(201);
    const artist = res.body.data as Artist;
    expect(artist.tagid).toBe(tag.id);
    expect(await tagsNamed('honky tonk heroes')).toEqual([
      expect.objectContaining({ name: 'Honky Tonk Heroes' }),
    ]);
    const page = await callApi(t.app, 'GET', `/api/artists/${artist.id}`, { token: user.token });
    expect((page.body.data as { videos: Video[] }).videos.map((v) => v.id)).toEqual([video.id]);
  });

  it('answers 409 when another artist has that name, whatever its case', async () => {
    await buildArtist(t.db, { name: 'Hank Williams' });
    const res = await create(newArtist({ name: 'HANK williams' }));
    expect(res.statusCode).toBe(409);
    expect(res.body).toEqual({ status: 409, data: null, message: am.artistNameTaken });
    expect(await t.db.select().from(artists).where(eq(artists.name, 'HANK williams'))).toEqual([]);
  });

  it.each([
    ['no name', { name: undefined }, m.artistFillAll],
    ['a blank name', { name: '   ' }, m.artistFillAll],
    ['no description', { description: undefined }, m.artistFillAll],
    ['an empty description', { description: '' }, m.artistFillAll],
    ['a javascript: image', { img_path: 'javascript:alert(1)' }, am.imagePathInvalid],
    ['an ftp image', { img_path: 'ftp://example.com/a.jpg' }, am.imagePathInvalid],
    ['a protocol-relative image', { img_path: '//evil.example.com/a.jpg' }, am.imagePathInvalid],
    [
      'a too long image URL',
      { img_path: `https://x.example.com/${'a'.repeat(2000)}` },
      'Image URL must be at most 2000 characters',
    ],
    ['a name that is a number', { name: 42 }, 'name must be a string'],
    ['a featured flag of yes', { featured: 'yes' }, "featured must be '1' or '0'"],
    ['an unknown field', { tag_id: 1 }, 'Unknown field in body: tag_id'],
  ])('rejects %s with a 400', async (_name, overrides, message) => {
    const res = await create(newArtist(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
  });

  it('accepts an image path on this site (the demo artwork) and an http URL', async () => {
    expect((await create(newArtist({ img_path: '/media/demo/artist/1.svg' }))).statusCode).toBe(
      201,
    );
    expect(
      (await create(newArtist({ img_path: 'http://images.example.com/a.png' }))).statusCode,
    ).toBe(201);
  });
});

describe('PUT /api/admin/artists', () => {
  it('saves the fields and renames the tag; omitted image and featured stay', async () => {
    const artist = await buildArtist(t.db, { name: 'Conway Twity', featured: true });
    const res = await update({
      id: String(artist.id),
      name: 'Conway Twitty',
      description: 'Hello darlin.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe(apiMessages.artistEdited);
    expect(res.body.data).toMatchObject({
      id: artist.id,
      name: 'Conway Twitty',
      description: 'Hello darlin.',
      img_path: artist.imageUrl,
      featured: 1,
      tagid: artist.tagId,
    });
    const [tag] = await t.db.select().from(tags).where(eq(tags.id, artist.tagId));
    expect(tag?.name).toBe('Conway Twitty');

    const again = await update({
      id: artist.id,
      name: 'conway twitty',
      description: 'x',
      img_path: '',
      featured: 0,
    });
    expect(again.body.data).toMatchObject({ name: 'conway twitty', img_path: '', featured: 0 });
  });

  it("answers 409 for another artist's name and for another tag's name, changing nothing", async () => {
    await buildArtist(t.db, { name: 'George Jones' });
    await buildTag(t.db, 'Bluegrass');
    const artist = await buildArtist(t.db, { name: 'George Strait' });
    const taken = await update({ id: artist.id, name: 'george jones', description: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body.message).toBe(am.artistNameTaken);
    const tagTaken = await update({ id: artist.id, name: 'BLUEGRASS', description: 'x' });
    expect(tagTaken.statusCode).toBe(409);
    expect(tagTaken.body.message).toBe(am.tagNameTaken);
    const [stored] = await t.db.select().from(artists).where(eq(artists.id, artist.id));
    expect(stored?.name).toBe('George Strait');
  });

  it('answers 404 for an unknown artist and 400 for bad input', async () => {
    const missing = await update({ id: 999999, name: 'Nobody', description: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(apiMessages.artistNotFound);
    const noId = await update({ name: 'Nobody', description: 'x' });
    expect(noId.statusCode).toBe(400);
    expect(noId.body.message).toBe('id is required');
    const badId = await update({ id: 'abc', name: 'Nobody', description: 'x' });
    expect(badId.body.message).toBe('id must be a number');
    const noName = await update({ id: 1, description: 'x' });
    expect(noName.body.message).toBe(m.artistFillAll);
  });
});

describe('DELETE /api/admin/artists', () => {
  it('deletes the artist and its likes but keeps its tag on its videos', async () => {
    const artist = await buildArtist(t.db, { name: 'Gone Artist' });
    const video = await buildVideo(t.db, { tagIds: [artist.tagId] });
    await t.db.insert(artistLikes).values({ userId: user.id, artistId: artist.id });
    const res = await remove({ id: String(artist.id) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 200, data: null, message: apiMessages.artistDeleted });
    const page = await callApi(t.app, 'GET', `/api/artists/${artist.id}`, { token: user.token });
    expect(page.statusCode).toBe(404);
    expect(await t.db.select().from(tags).where(eq(tags.id, artist.tagId))).toHaveLength(1);
    const links = await t.db.select().from(videoTags).where(eq(videoTags.videoId, video.id));
    expect(links).toEqual([{ videoId: video.id, tagId: artist.tagId }]);
    expect(
      await t.db.select().from(artistLikes).where(eq(artistLikes.artistId, artist.id)),
    ).toEqual([]);
  });

  it('answers 404 for an unknown artist and 400 without an id', async () => {
    const missing = await remove({ id: 999999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(apiMessages.artistNotFound);
    const noId = await remove({});
    expect(noId.statusCode).toBe(400);
    expect(noId.body.message).toBe('id is required');
  });
});

describe('the artist writes take the artist as the API reads it', () => {
  const readArtist = async (id: number) => {
    const res = await callApi(t.app, 'GET', `/api/artists/${id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    return (res.body.data as { artist: Artist }).artist;
  };
  const readRow = async (id: number) =>
    (await t.db.select().from(artists).where(eq(artists.id, id)))[0];

  it('PUT saves the one field changed and leaves every other column as it was', async () => {
    const artist = await buildArtist(t.db, { featured: true });
    await t.db.insert(artistLikes).values({ userId: user.id, artistId: artist.id });
    const read = await readArtist(artist.id);
    expect(Object.keys(read).sort()).toEqual(
      [
        'artistid',
        'description',
        'featured',
        'id',
        'image',
        'img_path',
        'isLiked',
        'like_count',
        'name',
        'tagid',
      ].sort(),
    );
    const before = await readRow(artist.id);
    const res = await update({ ...read, description: 'A new biography.' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      ...read,
      isLiked: undefined,
      description: 'A new biography.',
    });
    const after = await readRow(artist.id);
    expect(after).toEqual({ ...before, description: 'A new biography.' });
  });

  it('PUT reads artistid as id and image as img_path', async () => {
    const artist = await buildArtist(t.db);
    const read: Partial<Artist> = await readArtist(artist.id);
    delete read.id;
    delete read.img_path;
    const res = await update({ ...read, image: '/media/demo/artist/2.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ id: artist.id, img_path: '/media/demo/artist/2.svg' });
    expect((await readRow(artist.id))?.imageUrl).toBe('/media/demo/artist/2.svg');
  });

  it('PUT never writes the read-only fields, whatever they say', async () => {
    const artist = await buildArtist(t.db);
    const other = await buildTag(t.db);
    const read = await readArtist(artist.id);
    const res = await update({ ...read, tagid: other.id, like_count: 500, isLiked: true });
    expect(res.statusCode).toBe(200);
    expect(await readRow(artist.id)).toMatchObject({ tagId: artist.tagId, likeCount: 0 });
    expect(
      await t.db.select().from(artistLikes).where(eq(artistLikes.artistId, artist.id)),
    ).toEqual([]);
  });

  it.each([
    ['image', { image: 'https://images.example.com/new.jpg' }, 'image and img_path differ'],
    ['artistid', { artistid: 1 }, 'artistid and id differ'],
  ])('PUT refuses %s that disagrees with its field, naming both', async (_name, change, words) => {
    const artist = await buildArtist(t.db);
    const read = await readArtist(artist.id);
    const before = await readRow(artist.id);
    const res = await update({ ...read, name: 'Changed', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`${words}: send one of them, or the same value in both`);
    expect(await readRow(artist.id)).toEqual(before);
  });

  it.each([
    ['isAdmin', true],
    ['tag_id', 1],
    ['imageUrl', 'https://evil.example.com/a.jpg'],
    ['likeCount', 5],
    ['token', 'x'],
  ])('PUT still refuses %s, outside the read shape, and changes nothing', async (field, value) => {
    const artist = await buildArtist(t.db);
    const read = await readArtist(artist.id);
    const before = await readRow(artist.id);
    const res = await update({ ...read, name: 'Changed', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      data: null,
      message: `Unknown field in body: ${field}`,
    });
    expect(await readRow(artist.id)).toEqual(before);
  });

  it("POST takes the spec's new artist (id -1) and ignores the id", async () => {
    const res = await create({
      id: -1,
      artistid: -1,
      name: 'Loretta Lynn',
      description: "Coal miner's daughter.",
      image: '',
      featured: 0,
    });
    expect(res.statusCode).toBe(201);
    const artist = res.body.data as Artist;
    expect(artist.id).toBeGreaterThan(0);
    expect(artist).toMatchObject({ artistid: artist.id, name: 'Loretta Lynn', img_path: '' });
  });

  it('POST takes an artist as read as the start of a new one; the original stays', async () => {
    const original = await buildArtist(t.db);
    const read = await readArtist(original.id);
    const before = await readRow(original.id);
    const res = await create({ ...read, name: 'A Different Singer' });
    expect(res.statusCode).toBe(201);
    const made = res.body.data as Artist;
    expect(made.id).not.toBe(original.id);
    expect(made).toMatchObject({ name: 'A Different Singer', img_path: read.img_path });
    expect(made.tagid).not.toBe(original.tagId);
    expect(await readRow(original.id)).toEqual(before);
  });

  it.each([
    ['isAdmin', true],
    ['tag_id', 1],
    ['public', 0],
  ])('POST still refuses %s, outside the read shape, and creates nothing', async (field, value) => {
    const name = `Refused ${field}`;
    const res = await create({ id: -1, ...newArtist({ name }), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`Unknown field in body: ${field}`);
    expect(await t.db.select().from(artists).where(eq(artists.name, name))).toEqual([]);
  });
});
