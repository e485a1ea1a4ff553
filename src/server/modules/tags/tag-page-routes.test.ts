import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import type { TagPageData } from '@shared/schemas/public-catalogue.js';
import { videoLikes } from '@server/db/schema.js';
import {
  buildArtist,
  buildTag,
  buildVideo,
  callApi,
  signedInUser,
} from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin, user } = useTestApp({ signIn: { admin: 'admin', user: 'user' } });

const at = (hour: number) => new Date(Date.UTC(2022, 7, 1, hour));

async function tagPage(url: string, token?: string) {
  return callApi(t.app, 'GET', `/api/tag/${url}`, token ? { token } : {});
}

describe('GET /api/tag/:id', () => {
  let tagId: number;
  let publicIds: number[];
  let privateId: number;

  beforeAll(async () => {
    tagId = (await buildTag(t.db, 'Bluegrass')).id;
    publicIds = [];
    for (let hour = 1; hour <= 65; hour++) {
      publicIds.push((await buildVideo(t.db, { tagIds: [tagId], publishedAt: at(hour) })).id);
    }
    publicIds.reverse();
    privateId = (await buildVideo(t.db, { tagIds: [tagId], isPublic: false, publishedAt: at(90) }))
      .id;
    await buildVideo(t.db, { publishedAt: at(99) });
  });

  it('answers the tag, its first 60 public videos newest first, the total and a null artistId', async () => {
    const res = await tagPage(String(tagId));
    expect(res.statusCode).toBe(200);
    const data = res.body.data as TagPageData;
    expect(data).toMatchObject({ id: tagId, name: 'Bluegrass', artistId: null, total: 65 });
    expect(data.videos.map((video) => video.id)).toEqual(publicIds.slice(0, 60));
    expect(data.videos[0]).not.toHaveProperty('isLiked');
  });

  it('pages with page and pageSize', async () => {
    const second = (await tagPage(`${tagId}?page=2`)).body.data as TagPageData;
    expect(second.videos.map((video) => video.id)).toEqual(publicIds.slice(60));
    const small = (await tagPage(`${tagId}?page=3&pageSize=7`)).body.data as TagPageData;
    expect(small.videos.map((video) => video.id)).toEqual(publicIds.slice(14, 21));
    const past = (await tagPage(`${tagId}?page=40`)).body.data as TagPageData;
    expect(past).toMatchObject({ videos: [], total: 65 });
    const all = (await tagPage(`${tagId}?pageSize=200`)).body.data as TagPageData;
    expect(all.videos).toHaveLength(65);
  });

  it('shows private videos to administrators only, in the list and in the total', async () => {
    const forUser = (await tagPage(String(tagId), user.token)).body.data as TagPageData;
    expect(forUser.total).toBe(65);
    expect(forUser.videos.map((video) => video.id)).not.toContain(privateId);
    const forAdmin = (await tagPage(String(tagId), admin.token)).body.data as TagPageData;
    expect(forAdmin.total).toBe(66);
    expect(forAdmin.videos[0]).toMatchObject({ id: privateId, public_state: false });
  });

  it('names the artist who owns the tag, and an empty tag answers no videos', async () => {
    const artist = await buildArtist(t.db, { name: 'Bill Monroe' });
    const data = (await tagPage(String(artist.tagId))).body.data as TagPageData;
    expect(data).toEqual({
      id: artist.tagId,
      name: 'Bill Monroe',
      videos: [],
      artistId: artist.id,
      total: 0,
    });
  });

  it('marks isLiked for a signed-in user', async () => {
    // A new fan: the shared one's likes are already cached, and these are written behind the API.
    const liker = await signedInUser(t.app);
    await t.db.insert(videoLikes).values({ userId: liker.id, videoId: publicIds[2]! });
    const data = (await tagPage(`${tagId}?pageSize=5`, liker.token)).body.data as TagPageData;
    expect(data.videos.map((video) => video.isLiked)).toEqual([false, false, true, false, false]);
  });

  it('answers 404 for an unknown tag and 400 for a bad id or paging value', async () => {
    const missing = await tagPage('424242');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toEqual({ status: 404, data: null, message: apiMessages.tagNotFound });
    const cases: [string, string][] = [
      ['abc', 'id must be a positive whole number'],
      [`${tagId}?page=0`, 'page must be at least 1'],
      [`${tagId}?page=two`, 'page must be a number'],
      [`${tagId}?page=1.5`, 'page must be a whole number'],
      [`${tagId}?pageSize=201`, 'pageSize must be at most 200'],
      [`${tagId}?pageSize=0`, 'pageSize must be at least 1'],
    ];
    for (const [url, message] of cases) {
      const res = await tagPage(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});
