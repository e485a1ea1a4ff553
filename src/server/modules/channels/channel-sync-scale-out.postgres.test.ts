import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHANNEL_SYNC_ACTION } from '@shared/audit-actions.js';
import { auditLog, channelSyncRuns, videos } from '@server/db/schema.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import {
  fakeChannelUploads,
  fakeVideo,
  fakeYoutubeId,
} from '@server/testing/youtube-fake-catalogue.js';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';
import { findChannelByYoutubeId } from './channels-repository.js';
import { syncChannel } from './channel-sync.js';
import { importUpload } from './channel-import.js';
import { SYNC_SCHEDULE } from './channel-sync-schedule.js';

// Two instances of the site on one PostgreSQL database, syncing the same channel at once.
const UPLOADS = fakeChannelUploads(80);
let fake: YoutubeFake;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  fake = await startYoutubeFake({ uploads: UPLOADS });
  const env = {
    YOUTUBE_API_URL: fake.apiUrl,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_CHANNEL_ID: fake.channelId,
  };
  first = await createTestApp({ env });
  second = await createTestApp({ env, sameDatabaseAs: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
  await fake.close();
});

const count = async (app: TestApp, query: ReturnType<typeof sql>) =>
  ((await app.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

it('imports each upload once when both instances sync the channel at the same moment', async () => {
  const channel = (await findChannelByYoutubeId(first.db, fake.channelId))!;
  const [a, b] = await Promise.all([
    syncChannel(first.app, channel, 'schedule'),
    syncChannel(second.app, channel, 'manual'),
  ]);
  // The channel is held by one of them; the other leaves it alone.
  expect([a, b].filter((run) => run === null)).toHaveLength(1);
  const run = (a ?? b)!;
  const readable = UPLOADS.filter((video) => video.privacyStatus !== 'private').length;
  expect(run.imported).toBe(readable);
  expect(await count(first, sql`SELECT count(*)::int AS n FROM videos`)).toBe(readable);
  expect(await count(first, sql`SELECT count(DISTINCT youtube_id)::int AS n FROM videos`)).toBe(
    readable,
  );
  expect(await first.db.select().from(channelSyncRuns)).toHaveLength(1);
});

it('runs the scheduled tick on one instance when both poll at once', async () => {
  fake.addUpload(fake.channelId, fakeVideo({ id: fakeYoutubeId('scale-out-tick') }));
  await Promise.all([first.app.jobs.runNow(SYNC_SCHEDULE), second.app.jobs.runNow(SYNC_SCHEDULE)]);
  await Promise.all([first.app.jobs.runDue(), second.app.jobs.runDue()]);
  expect(await first.db.select().from(channelSyncRuns)).toHaveLength(2);
  const found = await first.db
    .select()
    .from(videos)
    .where(eq(videos.youtubeId, fakeYoutubeId('scale-out-tick')));
  expect(found).toHaveLength(1);
});

it('writes one video and one audit entry when two imports of an upload race', async () => {
  const video = fakeVideo({ id: fakeYoutubeId('scale-out-race') });
  const details = {
    youtubeId: video.id,
    title: video.title,
    description: video.description,
    thumbnail: '',
    publishedAt: new Date(video.publishedAt),
    privacyStatus: 'public',
    channelId: fake.channelId,
    liveBroadcastContent: 'none',
    scheduledStartAt: null,
  };
  const placement = { isPublic: true, publishAt: null };
  const ids = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      importUpload(i % 2 ? first.db : second.db, details, placement),
    ),
  );
  const added = ids.filter((id) => id !== null);
  expect(added).toHaveLength(1);
  const entries = await first.db
    .select()
    .from(auditLog)
    .where(
      sql`${auditLog.action} = ${CHANNEL_SYNC_ACTION} AND ${auditLog.targetId} = ${String(added[0])}`,
    );
  expect(entries).toHaveLength(1);
});
