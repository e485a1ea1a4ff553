import { beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@shared/schemas/catalogue.js';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { featuredVideo, layoutRows } from '@server/db/schema.js';
import { buildTag, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin, user } = useTestApp({ signIn: { admin: 'admin', user: 'user' } });

const at = (day: number) => new Date(Date.UTC(2024, 5, day));

async function home(token?: string): Promise<HomeData> {
  const res = await callApi(t.app, 'GET', '/api/home', token ? { token } : {});
  expect(res.statusCode).toBe(200);
  return res.body.data as HomeData;
}

async function setFeatured(title: string, videoId: number | null) {
  await t.db
    .insert(featuredVideo)
    .values({ id: 1, title, link: 'https://youtu.be/aaaaaaaaaaa', videoId })
    .onConflictDoUpdate({ target: featuredVideo.id, set: { title, videoId } });
  // Written behind the API's back, so the cached home must be told (the API's writes tell it).
  await t.app.pageCache.invalidate();
}

describe('GET /api/home', () => {
  it('answers a null featured video and no rows while the catalogue has no public video', async () => {
    const tag = await buildTag(t.db);
    await buildVideo(t.db, { isPublic: false, tagIds: [tag.id] });
    await t.db.insert(layoutRows).values({ position: 99, tagId: tag.id });
    const res = await callApi(t.app, 'GET', '/api/home');
    expect(res.body).toEqual({
      status: 200,
      data: { featured_video: null, categories: [] },
      message: 'Home page',
    });
  });

  describe('with a catalogue', () => {
    let fiddle: { id: number; name: string };
    let gospel: { id: number; name: string };
    let fiddleVideos: number[];
    let gospelVideos: number[];
    let newestPublic: number;
    let privateNewest: number;

    beforeAll(async () => {
      fiddle = await buildTag(t.db, 'Fiddle Tunes');
      gospel = await buildTag(t.db, 'Gospel');
      const empty = await buildTag(t.db, 'Nothing Public');
      fiddleVideos = [];
      for (let day = 1; day <= 12; day++) {
        fiddleVideos.push(
          (await buildVideo(t.db, { tagIds: [fiddle.id], publishedAt: at(day) })).id,
        );
      }
      gospelVideos = [
        (await buildVideo(t.db, { tagIds: [gospel.id, fiddle.id], publishedAt: at(20) })).id,
        (await buildVideo(t.db, { tagIds: [gospel.id], publishedAt: at(14) })).id,
      ];
      newestPublic = (await buildVideo(t.db, { publishedAt: at(25), title: 'Newest Public' })).id;
      privateNewest = (
        await buildVideo(t.db, {
          tagIds: [fiddle.id, empty.id],
          isPublic: false,
          publishedAt: at(28),
        })
      ).id;
      await t.db.insert(layoutRows).values([
        { position: 1, tagId: gospel.id },
        { position: 2, tagId: empty.id },
        { position: 3, tagId: fiddle.id },
      ]);
      await t.app.pageCache.invalidate();
    });

    const ids = (videos: Video[]) => videos.map((video) => video.id);

    it('lists the layout rows in order, titled by tag, skipping rows without a public video', async () => {
      const data = await home();
      expect(data.categories.map(({ id, title }) => ({ id, title }))).toEqual([
        { id: gospel.id, title: 'Gospel' },
        { id: fiddle.id, title: 'Fiddle Tunes' },
      ]);
      expect(ids(data.categories[0]!.videos)).toEqual(gospelVideos);
    });

    it('caps a row at its 10 newest public videos, newest first, even for an administrator', async () => {
      for (const data of [await home(), await home(admin.token)]) {
        const row = data.categories[1]!;
        const expected = [gospelVideos[0]!, ...fiddleVideos.slice(3).reverse()];
        expect(ids(row.videos)).toEqual(expected);
        expect(row.videos).toHaveLength(10);
        expect(ids(row.videos)).not.toContain(privateNewest);
        expect(row.videos[0]!.tags.map((tag) => tag.name)).toEqual(['Fiddle Tunes', 'Gospel']);
      }
    });

    it('features the newest public video when no featured video was set', async () => {
      const data = await home();
      expect(data.featured_video).toMatchObject({ id: newestPublic, title: 'Newest Public' });
    });

    it("features the admin's video under the admin's title, or its own title when that is empty", async () => {
      await setFeatured('  Tonight: a fiddle special ', fiddleVideos[0]!);
      expect((await home()).featured_video).toMatchObject({
        id: fiddleVideos[0],
        title: 'Tonight: a fiddle special',
        public_state: true,
      });
      await setFeatured('', gospelVideos[1]!);
      const featured = (await home()).featured_video!;
      expect(featured.id).toBe(gospelVideos[1]);
      expect(featured.title).toMatch(/^Video \d+$/);
    });

    it('falls back to the newest public video when the featured link is outside the catalogue or private', async () => {
      await setFeatured('Not in the catalogue', null);
      expect((await home()).featured_video).toMatchObject({
        id: newestPublic,
        title: 'Newest Public',
      });
      await setFeatured('A private one', privateNewest);
      expect((await home(admin.token)).featured_video).toMatchObject({ id: newestPublic });
    });

    it('adds isLiked for a signed-in caller only', async () => {
      await setFeatured('Liked feature', gospelVideos[0]!);
      const visitor = await home();
      expect(visitor.featured_video).not.toHaveProperty('isLiked');
      expect(
        visitor.categories.flatMap((row) => row.videos).some((video) => 'isLiked' in video),
      ).toBe(false);
      // Through the API, which tells the cached home that this video's count changed.
      const like = await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
        token: user.token,
        body: { userId: user.id, episodeId: gospelVideos[0]! },
      });
      expect(like.statusCode).toBe(200);
      const data = await home(user.token);
      expect(data.featured_video).toMatchObject({
        id: gospelVideos[0],
        isLiked: true,
        like_count: 1,
      });
      for (const video of data.categories.flatMap((row) => row.videos)) {
        expect(video.isLiked).toBe(video.id === gospelVideos[0]);
      }
    });

    it('never answers 401 for a stale token: the caller is served as a visitor', async () => {
      const res = await callApi(t.app, 'GET', '/api/home', { token: 'x'.repeat(43) });
      expect(res.statusCode).toBe(200);
      expect((res.body.data as HomeData).featured_video).not.toHaveProperty('isLiked');
    });
  });
});
