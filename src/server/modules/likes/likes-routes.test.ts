import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { peopleMessages } from '@shared/messages/people.js';
import type { Artist, Video } from '@shared/schemas/catalogue.js';
import { artistLikes, artists, videoLikes, videos } from '@server/db/schema.js';
import {
  buildArtist,
  buildTag,
  buildVideo,
  callApi,
  signedInUser,
  type Caller,
} from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t, admin } = useTestApp({ signIn: { admin: 'admin' } });

const put = (path: string, caller: Caller | null, body: unknown) =>
  callApi(t.app, 'PUT', `/api/users/liked/${path}`, {
    ...(caller ? { token: caller.token } : {}),
    body,
  });

/** What the database holds for a video: its like rows and its like_count. */
async function storedVideoLikes(videoId: number) {
  const [rows] = await t.db
    .select({ n: count() })
    .from(videoLikes)
    .where(eq(videoLikes.videoId, videoId));
  const [video] = await t.db
    .select({ likeCount: videos.likeCount })
    .from(videos)
    .where(eq(videos.id, videoId));
  return { rows: rows!.n, likeCount: video?.likeCount };
}

async function storedArtistLikes(artistId: number) {
  const [rows] = await t.db
    .select({ n: count() })
    .from(artistLikes)
    .where(eq(artistLikes.artistId, artistId));
  const [artist] = await t.db
    .select({ likeCount: artists.likeCount })
    .from(artists)
    .where(eq(artists.id, artistId));
  return { rows: rows!.n, likeCount: artist?.likeCount };
}

/**
 * Runs `work` while inserting a like first deletes what it refers to: a like racing the deletion
 * of its video or artist, made deterministic (the insert's foreign key check then fails).
 */
async function withLikedRowDeletedFirst(
  table: 'video_likes' | 'artist_likes',
  work: () => Promise<void>,
) {
  const [parent, column] =
    table === 'video_likes' ? ['videos', 'video_id'] : ['artists', 'artist_id'];
  await t.db.execute(
    sql.raw(`CREATE FUNCTION test_delete_liked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM ${parent} WHERE id = NEW.${column}; RETURN NEW; END $$`),
  );
  await t.db.execute(
    sql.raw(`CREATE TRIGGER test_delete_liked BEFORE INSERT ON ${table}
      FOR EACH ROW EXECUTE FUNCTION test_delete_liked()`),
  );
  try {
    await work();
  } finally {
    await t.db.execute(sql.raw(`DROP TRIGGER test_delete_liked ON ${table}`));
    await t.db.execute(sql.raw('DROP FUNCTION test_delete_liked()'));
  }
}

async function likedArtists(owner: Caller, viewer: Caller = owner): Promise<Artist[]> {
  const res = await callApi(t.app, 'GET', `/api/users/${owner.id}/liked-artists`, {
    token: viewer.token,
  });
  expect(res.statusCode).toBe(200);
  return (res.body.data as { artists: Artist[] }).artists;
}

async function likedVideos(owner: Caller, viewer: Caller = owner): Promise<Video[]> {
  const res = await callApi(t.app, 'GET', `/api/users/${owner.id}/liked-videos`, {
    token: viewer.token,
  });
  expect(res.statusCode).toBe(200);
  return (res.body.data as { videos: Video[] }).videos;
}

describe('PUT /api/users/liked/add-artist and /remove-artist', () => {
  it('likes once however often it is asked, and unlikes, answering fresh counts', async () => {
    const me = await signedInUser(t.app);
    const fan = await signedInUser(t.app);
    const artist = await buildArtist(t.db);
    const first = await put('add-artist', me, { userId: me.id, artistId: artist.id });
    expect(first.statusCode).toBe(200);
    expect(first.body).toEqual({
      status: 200,
      message: apiMessages.liked,
      data: { isLiked: true, like_count: 1 },
    });
    const twice = await put('add-artist', me, {
      userId: String(me.id),
      artistId: String(artist.id),
    });
    expect(twice.body.data).toEqual({ isLiked: true, like_count: 1 });
    expect(
      (await put('add-artist', fan, { userId: fan.id, artistId: artist.id })).body.data,
    ).toEqual({
      isLiked: true,
      like_count: 2,
    });

    const removed = await put('remove-artist', me, { userId: me.id, artistId: artist.id });
    expect(removed.body).toEqual({
      status: 200,
      message: apiMessages.unliked,
      data: { isLiked: false, like_count: 1 },
    });
    const again = await put('remove-artist', me, { userId: me.id, artistId: artist.id });
    expect(again.body.data).toEqual({ isLiked: false, like_count: 1 });
    expect(await likedArtists(me)).toEqual([]);
  });

  it('answers 404 for an unknown artist', async () => {
    const me = await signedInUser(t.app);
    for (const path of ['add-artist', 'remove-artist']) {
      const res = await put(path, me, { userId: me.id, artistId: 999999 });
      expect(res.statusCode).toBe(404);
      expect(res.body.message).toBe(apiMessages.artistNotFound);
    }
  });

  it('counts the likes of others, and answers 404 (not 500) when the artist goes meanwhile', async () => {
    const me = await signedInUser(t.app);
    const fan = await signedInUser(t.app);
    const artist = await buildArtist(t.db);
    await put('add-artist', fan, { userId: fan.id, artistId: artist.id });
    const liked = await put('add-artist', me, { userId: me.id, artistId: artist.id });
    expect(liked.body.data).toEqual({ isLiked: true, like_count: 2 });
    expect(await storedArtistLikes(artist.id)).toEqual({ rows: 2, likeCount: 2 });

    const doomed = await buildArtist(t.db);
    await withLikedRowDeletedFirst('artist_likes', async () => {
      const res = await put('add-artist', me, { userId: me.id, artistId: doomed.id });
      expect(res.statusCode).toBe(404);
      expect(res.body.message).toBe(apiMessages.artistNotFound);
    });
    expect(await storedArtistLikes(doomed.id)).toEqual({ rows: 0, likeCount: 0 });
  });

  it('refuses anyone acting for someone else (403), admins included; nothing changes', async () => {
    const owner = await signedInUser(t.app);
    const liked = await buildArtist(t.db);
    const other = await buildArtist(t.db);
    await put('add-artist', owner, { userId: owner.id, artistId: liked.id });
    for (const caller of [await signedInUser(t.app), admin]) {
      expect(
        (await put('add-artist', caller, { userId: owner.id, artistId: other.id })).statusCode,
      ).toBe(403);
      expect(
        (await put('remove-artist', caller, { userId: owner.id, artistId: liked.id })).statusCode,
      ).toBe(403);
    }
    expect(
      (await put('add-artist', null, { userId: owner.id, artistId: other.id })).statusCode,
    ).toBe(401);
    expect((await likedArtists(owner)).map((a) => a.id)).toEqual([liked.id]);
  });

  it.each([
    [{ userId: 1 }, 'artistId is required'],
    [{ userId: 1, artistId: 'abc' }, 'artistId must be a number'],
    [{ userId: 1, artistId: 1.5 }, 'artistId must be a whole number'],
    [{ userId: 1, artistId: 1, episodeId: 1 }, 'Unknown field in body: episodeId'],
  ])('rejects %j', async (body, message) => {
    const res = await put('add-artist', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('PUT /api/users/liked/add-video and /remove-video', () => {
  it('likes once, unlikes, and answers fresh counts', async () => {
    const me = await signedInUser(t.app);
    const video = await buildVideo(t.db);
    const first = await put('add-video', me, { userId: me.id, episodeId: String(video.id) });
    expect(first.statusCode).toBe(200);
    expect(first.body.data).toEqual({ isLiked: true, like_count: 1 });
    expect((await put('add-video', me, { userId: me.id, episodeId: video.id })).body.data).toEqual({
      isLiked: true,
      like_count: 1,
    });
    const removed = await put('remove-video', me, { userId: me.id, episodeId: video.id });
    expect(removed.body.data).toEqual({ isLiked: false, like_count: 0 });
    expect((await put('remove-video', me, { userId: me.id, episodeId: video.id })).statusCode).toBe(
      200,
    );
  });

  it('answers the count after the change, others counted; a repeat changes nothing', async () => {
    const video = await buildVideo(t.db);
    for (const other of [await signedInUser(t.app), await signedInUser(t.app)]) {
      await put('add-video', other, { userId: other.id, episodeId: video.id });
    }
    const me = await signedInUser(t.app);
    const body = { userId: me.id, episodeId: video.id };
    for (let i = 0; i < 2; i++) {
      const res = await put('add-video', me, body);
      expect(res.body).toEqual({
        status: 200,
        message: apiMessages.liked,
        data: { isLiked: true, like_count: 3 },
      });
      expect(await storedVideoLikes(video.id)).toEqual({ rows: 3, likeCount: 3 });
    }
    for (let i = 0; i < 2; i++) {
      const res = await put('remove-video', me, body);
      expect(res.body).toEqual({
        status: 200,
        message: apiMessages.unliked,
        data: { isLiked: false, like_count: 2 },
      });
      expect(await storedVideoLikes(video.id)).toEqual({ rows: 2, likeCount: 2 });
    }
  });

  it('answers 404 for unknown and private videos and writes nothing; administrators see both', async () => {
    const me = await signedInUser(t.app);
    const hidden = await buildVideo(t.db, { isPublic: false });
    // Liked while public, then made private: the like is there, but not for this user to remove.
    const likedThenHidden = await buildVideo(t.db);
    await put('add-video', me, { userId: me.id, episodeId: likedThenHidden.id });
    await t.db.update(videos).set({ isPublic: false }).where(eq(videos.id, likedThenHidden.id));

    for (const path of ['add-video', 'remove-video']) {
      for (const episodeId of [hidden.id, likedThenHidden.id, 999999]) {
        const res = await put(path, me, { userId: me.id, episodeId });
        expect(res.statusCode, `${path} ${episodeId}`).toBe(404);
        expect(res.body.message).toBe(apiMessages.videoNotFound);
      }
    }
    expect(await storedVideoLikes(hidden.id)).toEqual({ rows: 0, likeCount: 0 });
    expect(await storedVideoLikes(likedThenHidden.id)).toEqual({ rows: 1, likeCount: 1 });

    const byAdmin = { userId: admin.id, episodeId: likedThenHidden.id };
    expect((await put('add-video', admin, byAdmin)).body.data).toEqual({
      isLiked: true,
      like_count: 2,
    });
    expect((await put('remove-video', admin, byAdmin)).body.data).toEqual({
      isLiked: false,
      like_count: 1,
    });
    expect(await storedVideoLikes(likedThenHidden.id)).toEqual({ rows: 1, likeCount: 1 });
  });

  it('answers 404, not 500, for a video deleted while it is being liked', async () => {
    const me = await signedInUser(t.app);
    const video = await buildVideo(t.db);
    await withLikedRowDeletedFirst('video_likes', async () => {
      const res = await put('add-video', me, { userId: me.id, episodeId: video.id });
      expect(res.statusCode).toBe(404);
      expect(res.body.message).toBe(apiMessages.videoNotFound);
    });
    // The failed statement took its deletion back with it.
    expect(await storedVideoLikes(video.id)).toEqual({ rows: 0, likeCount: 0 });
  });

  it('hides private videos from users (404) but not from administrators', async () => {
    const me = await signedInUser(t.app);
    const hidden = await buildVideo(t.db, { isPublic: false });
    const res = await put('add-video', me, { userId: me.id, episodeId: hidden.id });
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe(apiMessages.videoNotFound);
    expect((await put('add-video', me, { userId: me.id, episodeId: 999999 })).statusCode).toBe(404);
    const byAdmin = await put('add-video', admin, { userId: admin.id, episodeId: hidden.id });
    expect(byAdmin.body.data).toEqual({ isLiked: true, like_count: 1 });
  });

  it('refuses anyone acting for someone else (403); nothing changes', async () => {
    const owner = await signedInUser(t.app);
    const video = await buildVideo(t.db);
    await put('add-video', owner, { userId: owner.id, episodeId: video.id });
    for (const caller of [await signedInUser(t.app), admin]) {
      expect(
        (await put('remove-video', caller, { userId: owner.id, episodeId: video.id })).statusCode,
      ).toBe(403);
    }
    expect(
      (await put('remove-video', null, { userId: owner.id, episodeId: video.id })).statusCode,
    ).toBe(401);
    expect((await likedVideos(owner)).map((v) => v.id)).toEqual([video.id]);
  });

  it.each([
    [{ userId: 1, artistId: 1 }, 'episodeId is required'],
    [{ userId: 1, episodeId: 1, artistId: 1 }, 'Unknown field in body: artistId'],
    [{ userId: -1, episodeId: 1 }, 'userId must be a positive number'],
  ])('rejects %j', async (body, message) => {
    const res = await put('add-video', admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('GET /api/users/:id/liked-artists and /liked-videos', () => {
  it('lists liked artists, newest like first, in the artist shape', async () => {
    const me = await signedInUser(t.app);
    const older = await buildArtist(t.db, { name: 'Older Like' });
    const newer = await buildArtist(t.db, { name: 'Newer Like' });
    await put('add-artist', me, { userId: me.id, artistId: older.id });
    await put('add-artist', me, { userId: me.id, artistId: newer.id });
    const res = await callApi(t.app, 'GET', `/api/users/${me.id}/liked-artists`, {
      token: me.token,
    });
    expect(res.body.message).toBe(peopleMessages.likedArtistsListed);
    const list = await likedArtists(me);
    expect(list.map((a) => a.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      artistid: newer.id,
      name: 'Newer Like',
      like_count: 1,
      isLiked: true,
    });
  });

  it('lists liked videos newest first, without private ones except for administrators', async () => {
    const me = await signedInUser(t.app);
    const tag = await buildTag(t.db);
    const first = await buildVideo(t.db, { tagIds: [tag.id] });
    const hidden = await buildVideo(t.db);
    const last = await buildVideo(t.db);
    for (const video of [first, hidden, last])
      await put('add-video', me, { userId: me.id, episodeId: video.id });
    // Made private after the like: the like stays, but only administrators see it listed.
    await t.db.update(videos).set({ isPublic: false }).where(eq(videos.id, hidden.id));

    const mine = await likedVideos(me);
    expect(mine.map((v) => v.id)).toEqual([last.id, first.id]);
    expect(mine[1]).toMatchObject({
      epid: first.id,
      isLiked: true,
      tags: [{ id: tag.id, name: tag.name }],
    });
    const asAdmin = await likedVideos(me, admin);
    expect(asAdmin.map((v) => v.id)).toEqual([last.id, hidden.id, first.id]);
    // The totals count what each reader is shown.
    const total = async (viewer: Caller) => {
      const res = await callApi(t.app, 'GET', `/api/users/${me.id}/liked-videos`, {
        token: viewer.token,
      });
      return (res.body.data as { pageInfo: { total: number } }).pageInfo.total;
    };
    expect(await total(me)).toBe(2);
    expect(await total(admin)).toBe(3);
  });

  it('pages long lists, newest like first, each like exactly once, and counts them all', async () => {
    const fan = await signedInUser(t.app);
    const liked: number[] = [];
    for (let n = 0; n < 7; n++) {
      const video = await buildVideo(t.db);
      const artist = await buildArtist(t.db);
      await put('add-video', fan, { userId: fan.id, episodeId: video.id });
      await put('add-artist', fan, { userId: fan.id, artistId: artist.id });
      liked.unshift(video.id);
    }
    const page = (list: string, n: number) =>
      callApi(t.app, 'GET', `/api/users/${fan.id}/${list}?page=${n}&pageSize=3`, {
        token: fan.token,
      });
    const seen: number[] = [];
    for (let n = 1; n <= 3; n++) {
      const body = (await page('liked-videos', n)).body.data as {
        videos: Video[];
        pageInfo: unknown;
      };
      expect(body.pageInfo).toEqual({ total: 7, page: n, pageSize: 3 });
      seen.push(...body.videos.map((video) => video.id));
    }
    expect(seen).toEqual(liked);
    const artistsPage = (await page('liked-artists', 3)).body.data as { artists: Artist[] };
    expect(artistsPage.artists).toHaveLength(1);
    const defaults = await callApi(t.app, 'GET', `/api/users/${fan.id}/liked-videos`, {
      token: fan.token,
    });
    expect((defaults.body.data as { pageInfo: unknown }).pageInfo).toEqual({
      total: 7,
      page: 1,
      pageSize: 60,
    });
    for (const bad of ['page=0', 'pageSize=201', 'page=two']) {
      const res = await callApi(t.app, 'GET', `/api/users/${fan.id}/liked-videos?${bad}`, {
        token: fan.token,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('refuses another user (403) and a visitor (401); 404 for an unknown user; 400 for a bad id', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    for (const list of ['liked-artists', 'liked-videos']) {
      const forbidden = await callApi(t.app, 'GET', `/api/users/${owner.id}/${list}`, {
        token: other.token,
      });
      expect(forbidden.statusCode).toBe(403);
      expect((await callApi(t.app, 'GET', `/api/users/${owner.id}/${list}`)).statusCode).toBe(401);
      const byAdmin = await callApi(t.app, 'GET', `/api/users/${owner.id}/${list}`, {
        token: admin.token,
      });
      expect(byAdmin.statusCode).toBe(200);
      const missing = await callApi(t.app, 'GET', `/api/users/999999/${list}`, {
        token: admin.token,
      });
      expect(missing.statusCode).toBe(404);
      const bad = await callApi(t.app, 'GET', `/api/users/x/${list}`, { token: admin.token });
      expect(bad.statusCode).toBe(400);
    }
  });
});
