import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/schemas/admin-videos.js';
import { artistLikes, videoLikes } from '@server/db/schema.js';
import { buildArtist, buildUser, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

let fans: number[];
const { t, admin } = useTestApp({ signIn: { admin: 'admin' } });
beforeAll(async () => {
  fans = [];
  for (let n = 0; n < 6; n++) fans.push((await buildUser(t.db)).id);
});

const dashboard = async () => {
  const res = await callApi(t.app, 'GET', '/api/admin/dashboard', { token: admin.token });
  expect(res.statusCode).toBe(200);
  return res.body.data as AdminDashboard;
};

describe('GET /api/admin/dashboard', () => {
  it('answers empty lists for an empty catalogue', async () => {
    expect(await dashboard()).toEqual({ episodes: [], artists: [] });
  });

  it('lists the ten most-liked videos, ties newest first, private ones included', async () => {
    const likes = [5, 0, 3, 3, 1, 6, 2, 0, 4, 1, 2, 0];
    const built = [];
    for (const [index, count] of likes.entries()) {
      const video = await buildVideo(t.db, {
        title: `Popular ${index}`,
        isPublic: index !== 5,
        publishedAt: new Date(Date.UTC(2024, 0, index + 1)),
      });
      built.push(video);
      if (count > 0) {
        await t.db
          .insert(videoLikes)
          .values(fans.slice(0, count).map((userId) => ({ userId, videoId: video.id })));
      }
    }
    const { episodes } = await dashboard();
    // Equal like counts: the newer video first (3 before 2, 10 before 6, 9 before 4, 11 first of the 0s).
    expect(episodes.map((video) => video.title)).toEqual(
      [5, 0, 8, 3, 2, 10, 6, 9, 4, 11].map((index) => `Popular ${index}`),
    );
    expect(episodes.map((video) => video.like_count)).toEqual([6, 5, 4, 3, 3, 2, 2, 1, 1, 0]);
    expect(episodes[0]).toMatchObject({
      id: built[5]!.id,
      public_state: false,
      epid: built[5]!.id,
    });
  });

  it('lists the ten most-liked artists in the artist shape', async () => {
    const built = [];
    for (let index = 0; index < 11; index++) {
      const artist = await buildArtist(t.db, { name: `Star ${index}` });
      built.push(artist);
      const count = index % 6;
      if (count > 0) {
        await t.db
          .insert(artistLikes)
          .values(fans.slice(0, count).map((userId) => ({ userId, artistId: artist.id })));
      }
    }
    const { artists } = await dashboard();
    expect(artists).toHaveLength(10);
    expect(artists.map((artist) => artist.like_count)).toEqual([5, 4, 4, 3, 3, 2, 2, 1, 1, 0]);
    // Equal counts keep the order of the like-count index: the older artist first.
    expect(artists.map((artist) => artist.name)).toEqual(
      [5, 4, 10, 3, 9, 2, 8, 1, 7, 0].map((index) => `Star ${index}`),
    );
    expect(artists[0]).toMatchObject({
      id: built[5]!.id,
      artistid: built[5]!.id,
      name: 'Star 5',
      tagid: built[5]!.tagId,
      featured: 0,
    });
  });
});
