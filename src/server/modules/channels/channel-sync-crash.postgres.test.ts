import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelSyncRuns } from '@server/db/schema.js';
import { signedInAdmin } from '@server/testing/factories.js';
import { freePort } from '@server/testing/free-port.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';
import { fakeChannelUploads } from '@server/testing/youtube-fake-catalogue.js';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';
import { findChannelByYoutubeId } from './channels-repository.js';
import { CHANNEL_LEASE_SECONDS } from './channel-sync.js';
import { syncDueChannels } from './channel-sync-schedule.js';

// A real server process is killed (SIGKILL) in the middle of a sync; another instance takes the
// channel up once the dead one's hold has run out. Nothing is lost and nothing is in twice.

const UPLOADS = fakeChannelUploads(150);
let fake: YoutubeFake;
let first: TestApp;
let child: ChildProcess | null = null;

const youtubeEnv = () => ({
  YOUTUBE_API_URL: fake.apiUrl,
  YOUTUBE_OEMBED_URL: fake.oembedUrl,
  YOUTUBE_API_KEY: fake.apiKey,
  YOUTUBE_CHANNEL_ID: fake.channelId,
});

beforeAll(async () => {
  fake = await startYoutubeFake({ uploads: UPLOADS, slowDelayMs: 300 });
  first = await createTestApp({ env: youtubeEnv() });
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await first.close();
  await fake.close();
});

const videoCount = async () =>
  (
    (await first.db.execute(sql`SELECT count(*)::int AS n FROM videos`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

it('kill -9 during a sync, then a restart: every upload once', async () => {
  const admin = await signedInAdmin(first.app);
  const channel = (await findChannelByYoutubeId(first.db, fake.channelId))!;
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: first.databaseUrl!,
      SEED: 'none',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: './no-client-here',
      ...youtubeEnv(),
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  await until(
    async () => (await fetch(`${base}/healthz`).catch(() => null))?.status === 200,
    'the server to start',
  );
  fake.state.mode = 'slow';
  // Sync Now on the process; its answer never comes.
  void fetch(`${base}/api/admin/channels/${channel.id}/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
  }).catch(() => undefined);
  // Killed once it has imported some of the channel, not all.
  await until(async () => (await videoCount()) > 0, 'the first imports');
  child.kill('SIGKILL');
  await new Promise((resolve) => child!.once('exit', resolve));
  child = null;
  fake.state.mode = 'normal';
  const readable = UPLOADS.filter((video) => video.privacyStatus !== 'private').length;
  const before = await videoCount();
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThan(readable);

  // Another instance, once the dead one's hold on the channel has run out.
  const later = new Date(Date.now() + (CHANNEL_LEASE_SECONDS + 60) * 1000);
  const second = await createTestApp({
    env: youtubeEnv(),
    sameDatabaseAs: first,
    clock: () => later,
  });
  try {
    await syncDueChannels(second.app);
  } finally {
    await second.close();
  }
  expect(await videoCount()).toBe(readable);
  const distinct = (await first.db.execute(
    sql`SELECT count(DISTINCT youtube_id)::int AS n FROM videos`,
  )) as unknown as { rows: { n: number }[] };
  expect(distinct.rows[0]!.n).toBe(readable);
  const runs = await first.db.select().from(channelSyncRuns).orderBy(channelSyncRuns.id);
  expect(runs.map((run) => [run.trigger, run.status])).toEqual([
    ['manual', 'interrupted'],
    ['schedule', 'done'],
  ]);
  expect(runs[1]!.imported).toBe(readable - before);
}, 90_000);
