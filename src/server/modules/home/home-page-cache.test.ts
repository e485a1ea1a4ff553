import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { envelope } from '@shared/api-envelope.js';
import { homeData as homeDataSchema, type HomeData } from '@shared/schemas/public-catalogue.js';
import { featuredVideo, layoutRows, videos } from '@server/db/schema.js';
import { buildTag, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin, fan } = useTestApp({ signIn: { admin: 'admin', fan: 'user' } });
let rowTag: { id: number; name: string };
let otherTag: { id: number; name: string };
let rowVideo: number;
let secondVideo: number;

beforeAll(async () => {
  rowTag = await buildTag(t.db, 'Cached Row');
  otherTag = await buildTag(t.db, 'Other Row');
  rowVideo = (await buildVideo(t.db, { tagIds: [rowTag.id, otherTag.id], title: 'In the row' })).id;
  secondVideo = (await buildVideo(t.db, { tagIds: [rowTag.id], title: 'Also in the row' })).id;
});

beforeEach(async () => {
  await t.db.delete(layoutRows);
  await t.db.delete(featuredVideo);
  await t.db.insert(layoutRows).values({ position: 1, tagId: rowTag.id });
  await t.app.pageCache.invalidate();
});

async function home(headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/home', headers });
}
async function homeData(): Promise<HomeData> {
  const res = await home();
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: HomeData }).data;
}
const rowIds = (data: HomeData) => data.categories[0]?.videos.map((video) => video.id) ?? [];

async function asAdmin(method: 'PUT' | 'DELETE' | 'POST', url: string, body: object) {
  const res = await callApi(t.app, method, url, { token: admin.token, body });
  expect(res.statusCode, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
}

describe('the cached home', () => {
  it("is cached: a change made behind the API's back stays unseen until it is told", async () => {
    expect(rowIds(await homeData())).toContain(secondVideo);
    await t.db.update(videos).set({ title: 'Renamed in SQL' }).where(eq(videos.id, secondVideo));
    const titles = (await homeData()).categories[0]!.videos.map((video) => video.title);
    expect(titles).not.toContain('Renamed in SQL');
    await t.app.pageCache.invalidate();
    const fresh = (await homeData()).categories[0]!.videos.map((video) => video.title);
    expect(fresh).toContain('Renamed in SQL');
    await t.db.update(videos).set({ title: 'Also in the row' }).where(eq(videos.id, secondVideo));
  });

  it('follows a layout change at once', async () => {
    await homeData();
    await asAdmin('PUT', '/api/tags/featured', { id: [otherTag.id, rowTag.id] });
    expect((await homeData()).categories.map((row) => row.id)).toEqual([otherTag.id, rowTag.id]);
  });

  it('follows the featured video at once', async () => {
    await homeData();
    const youtubeId = (await t.db.select().from(videos).where(eq(videos.id, secondVideo)))[0]!
      .youtubeId;
    await asAdmin('PUT', '/api/admin/videos/featured', {
      title: 'Tonight only',
      link: `https://youtu.be/${youtubeId}`,
    });
    expect((await homeData()).featured_video).toMatchObject({
      id: secondVideo,
      title: 'Tonight only',
    });
  });

  it('follows a video made private, a tag taken off, and a video deleted', async () => {
    const extra = (await buildVideo(t.db, { tagIds: [rowTag.id] })).id;
    const another = (await buildVideo(t.db, { tagIds: [rowTag.id] })).id;
    await t.app.pageCache.invalidate();
    expect(rowIds(await homeData())).toEqual(expect.arrayContaining([extra, another]));

    await asAdmin('PUT', '/api/admin/videos', {
      id: extra,
      title: 'Now private',
      description: 'Hidden',
      public_state: '0',
    });
    expect(rowIds(await homeData())).not.toContain(extra);

    await asAdmin('DELETE', '/api/tags', { epid: another, tagid: [rowTag.id] });
    expect(rowIds(await homeData())).not.toContain(another);

    await asAdmin('PUT', '/api/tags', { epid: another, tagid: [rowTag.id] });
    expect(rowIds(await homeData())).toContain(another);
    await asAdmin('DELETE', '/api/admin/videos', { id: String(another) });
    expect(rowIds(await homeData())).not.toContain(another);
  });

  it("follows a like's count on a video it shows", async () => {
    const before = (await homeData()).categories[0]!.videos.find((v) => v.id === rowVideo)!;
    const like = await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: fan.token,
      body: { userId: fan.id, episodeId: rowVideo },
    });
    expect(like.statusCode).toBe(200);
    const after = (await homeData()).categories[0]!.videos.find((v) => v.id === rowVideo)!;
    expect(after.like_count).toBe(before.like_count + 1);
  });

  it('answers 304 to a visitor who holds the same page, and 200 once it changed', async () => {
    const first = await home();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await home({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await asAdmin('PUT', '/api/tags/featured', { id: [otherTag.id] });
    const changed = await home({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serves the stored bytes to visitors as the same JSON the schema describes', async () => {
    const res = await home();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: 200, message: 'Home page' });
    // The stored bytes skip the response serializer, so check them against its schema here.
    expect(envelope(homeDataSchema).safeParse(res.json()).success).toBe(true);
    expect((await home()).body).toBe(res.body);
  });
});

describe('the stored home, compressed once', () => {
  it('is sent as brotli or gzip to clients that accept it, with a validator per encoding', async () => {
    const plain = await home();
    const br = await home({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const gz = await home({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const refused = await home({ 'accept-encoding': 'br;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);

    const etags = new Set([plain, br, gz].map((res) => String(res.headers.etag)));
    expect(etags.size).toBe(3);
    const again = await home({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
  });
});
