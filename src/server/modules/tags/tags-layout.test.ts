import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { artistsTagsMessages as am } from '@shared/messages/artists-tags.js';
import type { Tag } from '@shared/schemas/catalogue.js';
import { layoutRows, tags } from '@server/db/schema.js';
import { buildTag, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

// The home layout: GET and PUT /api/tags/featured (the permission matrix is in tags-routes.test.ts).
const { t, admin } = useTestApp({ signIn: { admin: 'admin' } });

const getLayout = () => callApi(t.app, 'GET', '/api/tags/featured', { token: admin.token });
const putLayout = (body: unknown) =>
  callApi(t.app, 'PUT', '/api/tags/featured', { token: admin.token, body });
const storedRows = () => t.db.select().from(layoutRows).orderBy(asc(layoutRows.position));

describe('GET and PUT /api/tags/featured', () => {
  it('starts empty, then round-trips the order it was given', async () => {
    expect((await getLayout()).body).toEqual({ status: 200, data: { tags: [] }, message: 'OK' });
    const [a, b, c] = [
      await buildTag(t.db, 'Row A'),
      await buildTag(t.db, 'Row B'),
      await buildTag(t.db, 'Row C'),
    ];
    const saved = await putLayout({ id: [c.id, a.id, String(b.id)] });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.message).toBe(apiMessages.layoutUpdated);
    const expected = [
      { id: c.id, name: 'Row C' },
      { id: a.id, name: 'Row A' },
      { id: b.id, name: 'Row B' },
    ];
    expect(saved.body.data).toEqual({ tags: expected });
    expect((await getLayout()).body.data).toEqual({ tags: expected });
    expect(await storedRows()).toEqual([
      { position: 0, tagId: c.id },
      { position: 1, tagId: a.id },
      { position: 2, tagId: b.id },
    ]);

    const reordered = await putLayout({ id: [b.id, c.id] });
    expect(reordered.body.data).toEqual({ tags: [expected[2], expected[0]] });
    expect(await storedRows()).toEqual([
      { position: 0, tagId: b.id },
      { position: 1, tagId: c.id },
    ]);
  });

  it('empties the layout with an empty list', async () => {
    const tag = await buildTag(t.db);
    await putLayout({ id: [tag.id] });
    const res = await putLayout({ id: [] });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ tags: [] });
    expect(await storedRows()).toEqual([]);
  });

  it('answers 404 naming unknown tags and leaves the layout as it was', async () => {
    const tag = await buildTag(t.db);
    await putLayout({ id: [tag.id] });
    const res = await putLayout({ id: [tag.id, 777777] });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toContain('777777');
    expect(await storedRows()).toEqual([{ position: 0, tagId: tag.id }]);
  });

  it('takes at most 50 rows', async () => {
    const many = await Promise.all(Array.from({ length: 51 }, () => buildTag(t.db)));
    const tooMany = await putLayout({ id: many.map((tag) => tag.id) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.message).toBe(am.layoutTooLong);
    const fifty = await putLayout({ id: many.slice(0, 50).map((tag) => tag.id) });
    expect(fifty.statusCode).toBe(200);
    expect((fifty.body.data as { tags: unknown[] }).tags).toHaveLength(50);
  });

  it('lets two saves at once both finish, the layout being one of them whole', async () => {
    const tags = await Promise.all(Array.from({ length: 6 }, () => buildTag(t.db)));
    const first = tags.slice(0, 3).map((tag) => tag.id);
    const second = tags.slice(3).map((tag) => tag.id);
    const [x, y] = await Promise.all([putLayout({ id: first }), putLayout({ id: second })]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const ids = (await storedRows()).map((row) => row.tagId);
    expect([first, second]).toContainEqual(ids);
  });

  it.each([
    ['a tag listed twice', { id: [1, 2, 1] }, am.layoutDuplicateTag],
    ['a tag listed twice, once as a string', { id: [1, '1'] }, am.layoutDuplicateTag],
    ['no id list', {}, 'id must be a list of tag ids'],
    ['a single id', { id: 3 }, 'id must be a list of tag ids'],
    ['a name in the list', { id: ['Row A'] }, 'id.0: id must be a tag id or a tag as {id, name}'],
    ['an unknown field', { id: [], rows: [] }, 'Unknown field in body: rows'],
  ])('rejects %s with a 400', async (_name, body, message) => {
    const res = await putLayout(body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
  });
});

describe('PUT /api/tags/featured takes the layout as GET answers it', () => {
  const layoutTags = async () => (await getLayout()).body.data as { tags: Tag[] };

  it('takes the spec’s list of {id, name} tags, reordered, and mixed with plain ids', async () => {
    const [a, b, c] = [await buildTag(t.db), await buildTag(t.db), await buildTag(t.db)];
    await putLayout({ id: [a.id, b.id] });
    const { tags: read } = await layoutTags();
    const saved = await putLayout({ id: [read[1], read[0], c.id] });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toEqual({ tags: [read[1], read[0], { id: c.id, name: c.name }] });
    expect((await storedRows()).map((row) => row.tagId)).toEqual([b.id, a.id, c.id]);
  });

  it('takes the GET answer itself, tags read as id, and never renames a tag', async () => {
    const [a, b] = [await buildTag(t.db), await buildTag(t.db)];
    await putLayout({ id: [a.id, b.id] });
    const read = await layoutTags();
    const res = await putLayout({ tags: [{ ...read.tags[1], name: 'Renamed' }, read.tags[0]] });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ tags: [read.tags[1], read.tags[0]] });
    expect((await t.db.select().from(tags).where(eq(tags.id, b.id)))[0]?.name).toBe(b.name);
    // The same list under both names is one layout.
    const both = await putLayout({ id: read.tags, tags: read.tags.map((tag) => tag.id) });
    expect(both.statusCode).toBe(200);
  });

  it.each([
    [
      'tags that differ from id',
      (ids: number[]) => ({ id: ids, tags: [...ids].reverse() }),
      'tags and id differ: send one of them, or the same value in both',
    ],
    [
      'a tag with a field outside {id, name}',
      (ids: number[]) => ({ id: [{ id: ids[0], name: 'x', videos: [] }] }),
      'Unknown field in body: videos',
    ],
    [
      'a home row in place of a tag',
      (ids: number[]) => ({ id: [{ id: ids[0], title: 'x' }] }),
      'Unknown field in body: title',
    ],
    [
      'a tag without its id',
      () => ({ id: [{ name: 'x' }] }),
      'id.0: id must be a tag id or a tag as {id, name}',
    ],
    [
      'a field outside the layout',
      (ids: number[]) => ({ id: ids, isAdmin: true }),
      'Unknown field in body: isAdmin',
    ],
  ])('refuses %s with a 400 and keeps the layout', async (_name, makeBody, message) => {
    const [a, b] = [await buildTag(t.db), await buildTag(t.db)];
    await putLayout({ id: [a.id, b.id] });
    const before = await storedRows();
    const res = await putLayout(makeBody([b.id, a.id]));
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, data: null, message });
    expect(await storedRows()).toEqual(before);
  });
});
