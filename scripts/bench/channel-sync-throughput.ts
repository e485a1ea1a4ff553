/**
 * The channel sync's own cost (issue 29), against the local YouTube fake over HTTP: the first
 * sync of a channel of 5,000 uploads (100 playlist pages, 100 videos.list batches, 5,000 imports
 * each with its audit entry), then an hourly sync that finds nothing new, on a fresh PostgreSQL
 * database and on the embedded one. Prints time, imports/s and quota units.
 * `tsx scripts/bench/channel-sync-throughput.ts [postgres://…/any-database]`.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '@server/app.js';
import { openDatabase, type DatabaseHandle } from '@server/db/client.js';
import { loadConfig } from '@server/env.js';
import { findChannelByYoutubeId } from '@server/modules/channels/channels-repository.js';
import { syncChannel } from '@server/modules/channels/channel-sync.js';
import { fakeChannelUploads } from '@server/testing/youtube-fake-catalogue.js';
import { startYoutubeFake, type YoutubeFake } from '@server/testing/youtube-fake-server.js';

const UPLOADS = 5000;

async function measure(label: string, handle: DatabaseHandle, fake: YoutubeFake): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: './no-client-in-the-bench',
    JOBS_POLL_MS: '0',
    YOUTUBE_API_URL: fake.apiUrl,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    YOUTUBE_API_KEY: fake.apiKey,
    YOUTUBE_CHANNEL_ID: fake.channelId,
  });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.ready();
  try {
    const channel = (await findChannelByYoutubeId(app.db, fake.channelId))!;
    for (const kind of ['first sync', 'nothing new']) {
      const started = performance.now();
      const run = (await syncChannel(app, channel, 'manual'))!;
      const seconds = (performance.now() - started) / 1000;
      const rate = run.imported > 0 ? `, ${Math.round(run.imported / seconds)} imports/s` : '';
      console.log(
        `${label}, ${kind}: ${seconds.toFixed(2)} s, ${run.imported} imported, ` +
          `${run.units} quota units${rate}`,
      );
    }
  } finally {
    await app.close();
  }
}

const fake = await startYoutubeFake({ uploads: fakeChannelUploads(UPLOADS) });
try {
  const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `twang_sync_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: target.href, poolSize: 4 });
    await handle.migrate();
    try {
      await measure('PostgreSQL', handle, fake);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  const embedded = await openDatabase({ url: 'memory://' });
  await embedded.migrate();
  try {
    await measure('embedded database', embedded, fake);
  } finally {
    await embedded.close();
  }
} finally {
  await fake.close();
}
