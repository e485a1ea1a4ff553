import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@shared/messages/api.js';
import { watchingMessages } from '@shared/messages/watching.js';
import type { ContinueWatchingItem, History, MyList, Progress } from '@shared/schemas/watching.js';
import { queryRows } from '@server/db/query-rows.js';
import {
  buildVideo,
  callApi,
  signedInAdmin,
  signedInUser,
  type Caller,
} from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fan's report of `videoId` at `position` of a 600 s video. */
async function watch(fan: Caller, videoId: number, position: number) {
  const answer = await callApi(t.app, 'POST', `/api/videos/${videoId}/progress`, {
    token: fan.token,
    body: { position, duration: 600, played: 10, total_played: 10 },
  });
  expect(answer.statusCode).toBe(202);
}
const flush = () => t.app.watching.batch.flush();
const get = <T>(fan: Caller, path: string) =>
  callApi(t.app, 'GET', `/api/users/${fan.id}${path}`, { token: fan.token }).then((answer) => ({
    ...answer,
    data: answer.body.data as T,
  }));
const change = (fan: Caller, method: 'PUT' | 'DELETE', path: string, body?: unknown) =>
  callApi(t.app, method, `/api/users/${fan.id}${path}`, {
    token: fan.token,
    ...(body === undefined ? {} : { body }),
  });

/** Videos watched one after the other, so their order is the reverse of `positions`. */
async function watchedVideos(fan: Caller, positions: number[]) {
  const ids: number[] = [];
  for (const position of positions) {
    const video = await buildVideo(t.db);
    await watch(fan, video.id, position);
    await flush();
    ids.push(video.id);
  }
  return ids;
}

describe('Continue Watching', () => {
  it('lists unfinished public videos, newest first, at most 12, each with its progress', async () => {
    const fan = await signedInUser(t.app);
    const ids = await watchedVideos(fan, [...Array.from({ length: 13 }, () => 100), 590]);
    const hidden = await buildVideo(t.db, { isPublic: false });
    await t.db.execute(sql`INSERT INTO watch_progress (user_id, video_id, position, duration)
      VALUES (${fan.id}, ${hidden.id}, 50, 600)`);
    const answer = await get<ContinueWatchingItem[]>(fan, '/continue-watching');
    expect(answer.statusCode).toBe(200);
    expect(answer.body.message).toBe(watchingMessages.continueWatchingListed);
    // The finished one (590 of 600) and the private one are left out.
    expect(answer.data.map((video) => video.id)).toEqual(ids.slice(1, 13).reverse());
    expect(answer.data[0]!.progress).toMatchObject({ position: 100, duration: 600 });
    expect(answer.data[0]!.title).toBeTypeOf('string');
  });

  it('hides a removed video until the fan plays it again', async () => {
    const fan = await signedInUser(t.app);
    const [first, second] = await watchedVideos(fan, [100, 200]);
    const removed = await change(fan, 'DELETE', `/continue-watching/${first}`);
    expect(removed.statusCode).toBe(200);
    expect(
      (await get<ContinueWatchingItem[]>(fan, '/continue-watching')).data.map((v) => v.id),
    ).toEqual([second]);
    // Still in the history.
    expect((await get<History>(fan, '/history')).data.total).toBe(2);
    await watch(fan, first!, 120);
    await flush();
    expect(
      (await get<ContinueWatchingItem[]>(fan, '/continue-watching')).data.map((v) => v.id),
    ).toEqual([first, second]);
  });
});

describe('watch history', () => {
  it('pages newest first with date and progress, removes one and clears all', async () => {
    const fan = await signedInUser(t.app);
    const ids = await watchedVideos(fan, [100, 580, 300]);
    const page1 = await get<History>(fan, '/history?page=1&pageSize=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.data).toMatchObject({ page: 1, pageSize: 2, total: 3, paused: false });
    expect(page1.data.items.map((item) => [item.video.id, item.position, item.finished])).toEqual([
      [ids[2], 300, false],
      [ids[1], 580, true],
    ]);
    expect(page1.data.items[0]!.watched_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const page2 = await get<History>(fan, '/history?page=2&pageSize=2');
    expect(page2.data.items.map((item) => item.video.id)).toEqual([ids[0]]);

    const one = await change(fan, 'DELETE', `/history/${ids[1]}`);
    expect(one.body).toMatchObject({ status: 200, message: watchingMessages.historyItemRemoved });
    expect((await get<History>(fan, '/history')).data.items.map((item) => item.video.id)).toEqual([
      ids[2],
      ids[0],
    ]);
    // Its resume point went with it.
    expect((await get<Progress>(fan, `/progress/${ids[1]}`)).data.updated_at).toBeNull();

    const cleared = await change(fan, 'DELETE', '/history');
    expect(cleared.body.data).toEqual({ removed: 2 });
    expect((await get<History>(fan, '/history')).data).toMatchObject({ items: [], total: 0 });
  });

  it('records nothing while paused, reports still counting views', async () => {
    const fan = await signedInUser(t.app);
    const video = await buildVideo(t.db);
    const paused = await change(fan, 'PUT', '/history/paused', { paused: true });
    expect(paused.body).toMatchObject({
      data: { paused: true },
      message: watchingMessages.historyPaused,
    });
    await callApi(t.app, 'POST', `/api/videos/${video.id}/progress`, {
      token: fan.token,
      body: { position: 40, duration: 600, played: 40, total_played: 40 },
    });
    await flush();
    expect((await get<History>(fan, '/history')).data).toMatchObject({ total: 0, paused: true });
    expect((await get<Progress>(fan, `/progress/${video.id}`)).data.position).toBe(0);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT view_count::int AS n FROM videos WHERE id = ${video.id}`,
    );
    expect(row!.n).toBe(1);

    await change(fan, 'PUT', '/history/paused', { paused: false });
    await watch(fan, video.id, 50);
    await flush();
    expect((await get<History>(fan, '/history')).data).toMatchObject({ total: 1, paused: false });
  });

  it('refuses a bad pause body and bad pages with 400', async () => {
    const fan = await signedInUser(t.app);
    expect((await change(fan, 'PUT', '/history/paused', { paused: 'yes' })).statusCode).toBe(400);
    expect((await change(fan, 'PUT', '/history/paused', {})).statusCode).toBe(400);
    expect((await get(fan, '/history?page=0')).statusCode).toBe(400);
    expect((await get(fan, '/history?pageSize=1000')).statusCode).toBe(400);
  });
});

describe('My List', () => {
  it('adds (once), lists newest first, gives the ids, and removes', async () => {
    const fan = await signedInUser(t.app);
    const first = await buildVideo(t.db);
    const second = await buildVideo(t.db);
    for (const id of [first.id, second.id, first.id]) {
      const added = await change(fan, 'PUT', `/list/${id}`);
      expect(added.body).toMatchObject({ status: 200, data: { videoId: id, inList: true } });
    }
    const list = await get<MyList>(fan, '/list');
    expect(list.data.videos.map((video) => video.id)).toEqual([second.id, first.id]);
    expect(list.data.pageInfo).toEqual({ total: 2, page: 1, pageSize: 20 });
    expect(
      (await get<MyList>(fan, '/list?page=2&pageSize=1')).data.videos.map((v) => v.id),
    ).toEqual([first.id]);
    expect((await get<number[]>(fan, '/list/ids')).data).toEqual([second.id, first.id]);
    const removed = await change(fan, 'DELETE', `/list/${second.id}`);
    expect(removed.body.data).toEqual({ videoId: second.id, inList: false });
    expect((await change(fan, 'DELETE', `/list/${second.id}`)).statusCode).toBe(200);
    expect((await get<number[]>(fan, '/list/ids')).data).toEqual([first.id]);
  });

  it('answers 404 for an unknown or private video, writing nothing', async () => {
    const fan = await signedInUser(t.app);
    const hidden = await buildVideo(t.db, { isPublic: false });
    for (const id of [hidden.id, 999_999]) {
      const refused = await change(fan, 'PUT', `/list/${id}`);
      expect(refused).toMatchObject({
        statusCode: 404,
        body: { message: apiMessages.videoNotFound },
      });
    }
    expect((await change(fan, 'PUT', '/list/abc')).statusCode).toBe(400);
    expect((await get<number[]>(fan, '/list/ids')).data).toEqual([]);
  });

  it('holds 1,000 videos at most: 409 beyond, re-adding one already there is fine', async () => {
    const fan = await signedInUser(t.app);
    const video = await buildVideo(t.db);
    // 999 other videos, made in one statement, fill the list but one.
    await t.db.execute(sql`WITH made AS (
        INSERT INTO videos (youtube_id, title, is_public)
        SELECT 'cap' || ${fan.id} || '-' || n, 'Filler ' || n, true FROM generate_series(1, 999) n
        RETURNING id)
      INSERT INTO my_list (user_id, video_id) SELECT ${fan.id}, id FROM made`);
    expect((await change(fan, 'PUT', `/list/${video.id}`)).statusCode).toBe(200);
    const over = await buildVideo(t.db);
    const full = await change(fan, 'PUT', `/list/${over.id}`);
    expect(full).toMatchObject({ statusCode: 409, body: { message: watchingMessages.myListFull } });
    expect((await change(fan, 'PUT', `/list/${video.id}`)).statusCode).toBe(200);
    const [after] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM my_list WHERE user_id = ${fan.id}`,
    );
    expect(after!.n).toBe(1000);
  });
});

describe('ownership and deletion', () => {
  it('refuses another fan’s id with 403, and an administrator too', async () => {
    const fan = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const admin = await signedInAdmin(t.app);
    const video = await buildVideo(t.db);
    for (const caller of [other, admin]) {
      for (const [method, path] of [
        ['GET', '/history'],
        ['GET', '/list'],
        ['GET', '/list/ids'],
        ['GET', '/continue-watching'],
        ['PUT', `/list/${video.id}`],
        ['DELETE', '/history'],
      ] as const) {
        const answer = await callApi(t.app, method, `/api/users/${fan.id}${path}`, {
          token: caller.token,
        });
        expect(answer.statusCode, `${method} ${path}`).toBe(403);
      }
    }
    expect((await get<number[]>(fan, '/list/ids')).data).toEqual([]);
  });

  it('deletes a fan’s history, positions and list with their account, and a video’s rows with it', async () => {
    const fan = await signedInUser(t.app);
    const [watched] = await watchedVideos(fan, [100]);
    const kept = await buildVideo(t.db);
    await change(fan, 'PUT', `/list/${kept.id}`);
    const rows = async (column: 'user_id' | 'video_id', id: number) => {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT (SELECT count(*) FROM watch_progress WHERE ${sql.raw(column)} = ${id})
             + (SELECT count(*) FROM my_list WHERE ${sql.raw(column)} = ${id})::int AS n`,
      );
      return Number(row!.n);
    };
    expect(await rows('user_id', fan.id)).toBe(2);
    const deleted = await callApi(t.app, 'DELETE', '/api/users', {
      token: fan.token,
      body: { id: fan.id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await rows('user_id', fan.id)).toBe(0);

    const other = await signedInUser(t.app);
    await watch(other, watched!, 30);
    await flush();
    expect(await rows('video_id', watched!)).toBe(1);
    await t.db.execute(sql`DELETE FROM videos WHERE id = ${watched}`);
    expect(await rows('video_id', watched!)).toBe(0);
  });
});
