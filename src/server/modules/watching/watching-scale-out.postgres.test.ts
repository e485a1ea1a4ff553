import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@server/db/query-rows.js';
import { buildVideo, signedInUser } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { createViewKeys } from './view-keys.js';

// Two instances of the site on one PostgreSQL database, each with its own progress batch: the
// same viewer reported to both within 6 hours is one view.
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await createTestApp();
  two = await createTestApp({ sameDatabaseAs: one });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const report = (app: TestApp, videoId: number, token?: string) =>
  app.app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/progress`,
    remoteAddress: '203.0.113.80',
    headers: {
      'user-agent': 'TwoTabs/1.0',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: { position: 40, duration: 600, played: 40, total_played: 40 },
  });

const viewCount = async (videoId: number) => {
  const [row] = await queryRows<{ n: number }>(
    one.db,
    sql`SELECT view_count::int AS n FROM videos WHERE id = ${videoId}`,
  );
  return row!.n;
};

it('counts a viewer reported to two instances once, the batches flushed together', async () => {
  const fan = await signedInUser(one.app);
  const video = await buildVideo(one.db);
  for (let round = 0; round < 3; round++) {
    expect((await report(one, video.id, fan.token)).statusCode).toBe(202);
    expect((await report(two, video.id, fan.token)).statusCode).toBe(202);
    expect((await report(one, video.id)).statusCode).toBe(202);
    expect((await report(two, video.id)).statusCode).toBe(202);
    await Promise.all([one.app.watching.batch.flush(), two.app.watching.batch.flush()]);
  }
  // The fan, and the visitor: both instances share the day's salt, so the same key.
  expect(await viewCount(video.id)).toBe(2);
  const [stats] = await queryRows<{ views: number; seconds: number }>(
    one.db,
    sql`SELECT sum(views)::int AS views, sum(seconds_watched)::int AS seconds
        FROM video_daily_stats WHERE video_id = ${video.id}`,
  );
  expect(stats).toEqual({ views: 2, seconds: 12 * 40 });
});

it("gives two instances asking at once for a new day's salt the same one (no empty answer)", async () => {
  const visitor = { userId: null, address: '203.0.113.81', userAgent: 'TwoTabs/1.0' };
  for (let round = 0; round < 5; round++) {
    // A day no report has reached yet, so both instances race to make its salt.
    const day = new Date(Date.UTC(2031, 0, 1 + round, 12));
    const keys = await Promise.all([
      createViewKeys(one.db).keyOf(visitor, 1, day),
      createViewKeys(two.db).keyOf(visitor, 1, day),
    ]);
    expect(keys[0]).toBe(keys[1]);
  }
});
