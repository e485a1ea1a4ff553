import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/schemas/admin-videos.js';
import { artistLikes, videoLikes } from '@server/db/schema.js';
import { buildArtist, buildUser, buildVideo, callApi } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

let fans: number[];
// The lists are kept a minute per instance: each read here comes a minute after the one before,
// on an app clock started early enough that every read of the file falls on one UTC day.
const DAY_MS = 86_400_000;
const started = Date.now();
const base = Math.min(started, Math.floor(started / DAY_MS + 1) * DAY_MS - 15 * 60_000);
let shift = 0;
const { t, admin } = useTestApp({
  signIn: { admin: 'admin' },
  clock: () => new Date(base + shift),
});
/** The app clock's UTC day, which the dashboard's 30 days end on. */
const today = new Date(base).toISOString().slice(0, 10);
beforeAll(async () => {
  fans = [];
  for (let n = 0; n < 6; n++) fans.push((await buildUser(t.db)).id);
});

const dashboard = async () => {
  shift += 61_000;
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

describe('GET /api/admin/dashboard: views of the last 30 days', () => {
  it('ranks videos and artists by 30-day views before likes, with views_30d', async () => {
    const artist = await buildArtist(t.db, { name: 'Viewed Star' });
    const watched = await buildVideo(t.db, { title: 'Viewed most', tagIds: [artist.tagId] });
    const second = await buildVideo(t.db, { title: 'Viewed second' });
    const old = await buildVideo(t.db, { title: 'Viewed long ago' });
    // Today and 29 days ago count; 30 days ago is outside the window.
    await t.db.execute(sql`INSERT INTO video_daily_stats (video_id, day, views) VALUES
      (${watched.id}, ${today}::date, 40),
      (${watched.id}, ${today}::date - 29, 2),
      (${second.id}, ${today}::date - 3, 7),
      (${old.id}, ${today}::date - 30, 500)`);
    const { episodes, artists } = await dashboard();
    expect(episodes).toHaveLength(10);
    expect(episodes.slice(0, 2).map((video) => [video.title, video.views_30d])).toEqual([
      ['Viewed most', 42],
      ['Viewed second', 7],
    ]);
    expect(episodes.find((video) => video.id === old.id)).toBeUndefined();
    // Then the most liked, with no views.
    expect(episodes[2]).toMatchObject({ like_count: 6, views_30d: 0 });
    expect(artists[0]).toMatchObject({ id: artist.id, views_30d: 42 });
    expect(artists[1]).toMatchObject({ like_count: 5, views_30d: 0 });
  });

  it('gives each item its thirty days, oldest first, summing to views_30d', async () => {
    const artist = await buildArtist(t.db, { name: 'Daily Star' });
    const first = await buildVideo(t.db, { title: 'Daily one', tagIds: [artist.tagId] });
    const second = await buildVideo(t.db, { title: 'Daily two', tagIds: [artist.tagId] });
    await t.db.execute(sql`INSERT INTO video_daily_stats (video_id, day, views) VALUES
      (${first.id}, ${today}::date, 500),
      (${first.id}, ${today}::date - 29, 300),
      (${first.id}, ${today}::date - 30, 9000),
      (${second.id}, ${today}::date, 400),
      (${second.id}, ${today}::date - 10, 100)`);
    // The earlier test's videos are still there, with fewer views.
    const { episodes, artists } = await dashboard();
    const days = (values: Record<number, number>) =>
      Array.from({ length: 30 }, (_, index) => values[index] ?? 0);
    expect(episodes[0]).toMatchObject({ id: first.id, daily_views_30d: days({ 0: 300, 29: 500 }) });
    expect(episodes[1]).toMatchObject({
      id: second.id,
      daily_views_30d: days({ 19: 100, 29: 400 }),
    });
    expect(artists[0]).toMatchObject({
      id: artist.id,
      views_30d: 1300,
      daily_views_30d: days({ 0: 300, 19: 100, 29: 900 }),
    });
    // An item with no views in the window still has its thirty days.
    expect(episodes.at(-1)).toMatchObject({ views_30d: 0, daily_views_30d: days({}) });
  });

  it("keeps the lists a minute, with the caller's own likes always current", async () => {
    const video = await buildVideo(t.db, { title: 'Kept a minute' });
    await t.db.execute(sql`INSERT INTO video_daily_stats (video_id, day, views)
      VALUES (${video.id}, ${today}::date, 100000)`);
    const first = await dashboard();
    expect(first.episodes[0]).toMatchObject({ id: video.id, views_30d: 100000, isLiked: false });
    await t.db.execute(
      sql`UPDATE video_daily_stats SET views = 100001 WHERE video_id = ${video.id}`,
    );
    const like = await callApi(t.app, 'PUT', '/api/users/liked/add-video', {
      token: admin.token,
      body: { userId: admin.id, episodeId: video.id },
    });
    expect(like.statusCode).toBe(200);

    shift -= 61_000; // the same minute
    const kept = await dashboard();
    expect(kept.episodes[0]).toMatchObject({ id: video.id, views_30d: 100000, isLiked: true });
    const later = await dashboard();
    expect(later.episodes[0]).toMatchObject({ id: video.id, views_30d: 100001, isLiked: true });
  });
});
