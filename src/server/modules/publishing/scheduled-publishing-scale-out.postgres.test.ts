import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCHEDULED_PUBLISH_ACTION } from '@shared/audit-actions.js';
import { auditLog, videos } from '@server/db/schema.js';
import { buildVideo } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { publishDue, PUBLISH_SCHEDULE } from './scheduled-publishing.js';

// Two instances on one PostgreSQL database with one clock; the second is restarted on the way.
let time = new Date('2031-06-01T08:00:00Z');
const clock = () => time;
const options = { clock, env: { JOBS_POLL_MS: '0' } };
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp(options);
  second = await createTestApp({ ...options, sameDatabaseAs: first });
});
// The second first: the first drops the database.
afterAll(async () => {
  await second.close();
  await first.close();
});

const scheduled = async (app: TestApp, count: number, at: Date) =>
  Promise.all(
    Array.from({ length: count }, () => buildVideo(app.db, { isPublic: false, publishAt: at })),
  );

it('publishes each due video once when two instances look at the same moment', async () => {
  const due = await scheduled(first, 40, new Date(time.getTime() + 60_000));
  time = new Date(time.getTime() + 61_000);
  const [a, b] = await Promise.all([publishDue(first.app), publishDue(second.app)]);
  const ids = [...a, ...b].map((video) => video.id).sort((x, y) => x - y);
  expect(ids).toEqual(due.map((video) => video.id).sort((x, y) => x - y));
  const entries = await first.db
    .select({ targetId: auditLog.targetId })
    .from(auditLog)
    .where(eq(auditLog.action, SCHEDULED_PUBLISH_ACTION));
  expect(entries).toHaveLength(40);
});

it('keeps a schedule across a restart: the instance started again publishes it on time', async () => {
  // Half an hour: the hourly schedules (the channel sync's) are not due yet.
  const [video] = await scheduled(second, 1, new Date(time.getTime() + 1_800_000));
  await second.close();
  second = await createTestApp({ ...options, sameDatabaseAs: first });
  // Each instance's schedule tick runs once, whichever claims it.
  time = new Date(time.getTime() + 1_800_000);
  await first.app.jobs.runNow(PUBLISH_SCHEDULE);
  const runs = await Promise.all([first.app.jobs.runDue(), second.app.jobs.runDue()]);
  expect(runs.map((run) => run.schedules).sort()).toEqual([0, 1]);
  const [row] = await second.db
    .select({ isPublic: videos.isPublic, publishAt: videos.publishAt })
    .from(videos)
    .where(inArray(videos.id, [video!.id]));
  expect(row).toEqual({ isPublic: true, publishAt: null });
});
