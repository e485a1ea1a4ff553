import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import { videoLikes } from '@server/db/schema.js';
import { buildTag, buildVideo, callApi, signedInUser } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin, user } = useTestApp({ signIn: { admin: 'admin', user: 'user' } });

const at = (day: number) => new Date(Date.UTC(2023, 2, day));

async function videoPage(id: number | string, token?: string) {
  return callApi(t.app, 'GET', `/api/videos/${id}`, token ? { token } : {});
}

describe('GET /api/videos/:id', () => {
  it('answers 404 for an unknown video and 400 for an id that is not a number', async () => {
    const missing = await videoPage(987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: 404, data: null, message: apiMessages.videoNotFound });
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const res = await videoPage(bad);
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('id must be a positive whole number');
    }
  });

  it('answers a lone public video with every field and no suggestions, and no isLiked for visitors', async () => {
    const tag = await buildTag(t.db, 'Honky Tonk');
    const video = await buildVideo(t.db, {
      title: 'Lonely Street',
      tagIds: [tag.id],
      episodeNumber: null,
      publishedAt: at(1),
    });
    const res = await videoPage(video.id);
    expect(res.statusCode).toBe(200);
    const data = res.body.data as VideoPageData;
    expect(data.video).toEqual({
      id: video.id,
      epid: video.id,
      title: 'Lonely Street',
      description: video.description,
      thumbnail: `https://i.ytimg.com/vi/${video.youtubeId}/hqdefault.jpg`,
      youtube_id: video.youtubeId,
      youtube_url: `https://www.youtube.com/watch?v=${video.youtubeId}`,
      link: `https://www.youtube.com/watch?v=${video.youtubeId}`,
      episode_number: null,
      epnum: null,
      public_state: true,
      published_at: at(1).toISOString(),
      publish_at: null,
      like_count: 0,
      view_count: 0,
      tags: [{ id: tag.id, name: 'Honky Tonk' }],
    });
    expect(data.suggestedVideos).toEqual([]);
  });

  describe('with related videos', () => {
    let main: number;
    let privateOne: number;
    let expectedOrder: number[];

    beforeAll(async () => {
      const [a, b, c, other] = await Promise.all(
        ['A', 'B', 'C', 'Other'].map((n) => buildTag(t.db, `Rel ${n}`)),
      );
      const tagIds = [a!.id, b!.id, c!.id];
      main = (await buildVideo(t.db, { tagIds, publishedAt: at(10) })).id;
      const three = (await buildVideo(t.db, { tagIds, publishedAt: at(2) })).id;
      const two = (
        await buildVideo(t.db, { tagIds: [a!.id, c!.id, other!.id], publishedAt: at(3) })
      ).id;
      const oneOlder = (await buildVideo(t.db, { tagIds: [b!.id], publishedAt: at(4) })).id;
      const oneNewer = (await buildVideo(t.db, { tagIds: [c!.id], publishedAt: at(5) })).id;
      privateOne = (await buildVideo(t.db, { tagIds, isPublic: false, publishedAt: at(30) })).id;
      const fillers: number[] = [];
      for (let day = 11; day <= 20; day++) {
        fillers.push((await buildVideo(t.db, { tagIds: [other!.id], publishedAt: at(day) })).id);
      }
      expectedOrder = [three, two, oneNewer, oneOlder, ...fillers.reverse()].slice(0, 12);
    });

    it('suggests 12 public videos: most shared tags first, then newest, topped up with the newest', async () => {
      const data = (await videoPage(main)).body.data as VideoPageData;
      expect(data.video.id).toBe(main);
      expect(data.suggestedVideos.map((video) => video.id)).toEqual(expectedOrder);
      expect(data.suggestedVideos.map((video) => video.id)).not.toContain(main);
      expect(data.suggestedVideos.every((video) => video.public_state)).toBe(true);
    });

    it('hides a private video from visitors and users (404) but shows it to administrators', async () => {
      for (const token of [undefined, user.token]) {
        const res = await videoPage(privateOne, token);
        expect(res.statusCode).toBe(404);
        expect(res.body.message).toBe(apiMessages.videoNotFound);
      }
      const res = await videoPage(privateOne, admin.token);
      expect(res.statusCode).toBe(200);
      const data = res.body.data as VideoPageData;
      expect(data.video).toMatchObject({ id: privateOne, public_state: false, isLiked: false });
      expect(data.suggestedVideos.map((video) => video.id)).not.toContain(privateOne);
      expect(data.suggestedVideos[0]!.id).toBe(main);
    });

    it('marks isLiked on the video and the suggestions for a signed-in user', async () => {
      // A new fan: the shared one's likes may be cached, and these are written behind the API.
      const liker = await signedInUser(t.app);
      await t.db.insert(videoLikes).values([
        { userId: liker.id, videoId: main },
        { userId: liker.id, videoId: expectedOrder[1]! },
      ]);
      // Written behind the API's back, so the cached pages are told by hand.
      await t.app.pageCache.invalidate();
      const data = (await videoPage(main, liker.token)).body.data as VideoPageData;
      expect(data.video).toMatchObject({ isLiked: true, like_count: 1 });
      expect(data.suggestedVideos.map((video) => video.isLiked)).toEqual(
        expectedOrder.map((id) => id === expectedOrder[1]),
      );
      const visitor = (await videoPage(main)).body.data as VideoPageData;
      expect(visitor.video).not.toHaveProperty('isLiked');
      expect(visitor.suggestedVideos.some((video) => 'isLiked' in video)).toBe(false);
    });
  });
});
