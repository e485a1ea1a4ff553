/**
 * The embedded phase: the production server on PGlite with the demo catalogue in a fresh
 * DATA_DIR. Times the first start (a copy of the build's demo database), loads it with a mixed
 * load while the probe watches the event loop, reads its peak memory, times a restart on the
 * same DATA_DIR, and runs the browser bench (scripts/bench/browser.ts, another engineer's)
 * against it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientGet, get, interleave, mixedEndpoint } from './endpoint.js';
import { atMost } from './figures.js';
import { jsonOf, send } from './http.js';
import { measureMixedLoad, noteServerLog, startPhaseServer, type PhaseRun } from './phase.js';
import { SEARCH_HITS, searchMix, searchPath } from './search-mix.js';
import type { BenchServer } from './server-process.js';

const PHASE = 'embedded';

interface HomeData {
  data: { categories: { id: number; videos: { id: number }[] }[] } | null;
}

/** Ids that exist in the demo catalogue, read from the home page's rows. */
async function demoIds(origin: string): Promise<{ videoIds: number[]; tagIds: number[] }> {
  const home = jsonOf<HomeData>(await send(origin, get('/api/home')), 'home');
  const categories = home.data?.categories ?? [];
  const videoIds = [...new Set(categories.flatMap((row) => row.videos.map((video) => video.id)))];
  const tagIds = categories.map((row) => row.id);
  if (videoIds.length === 0 || tagIds.length === 0) {
    throw new Error('the demo home page has no rows to take ids from');
  }
  return { videoIds, tagIds };
}

export async function runEmbeddedPhase(run: PhaseRun): Promise<void> {
  const { settings, context, output } = run;
  const { figures } = output;
  const C = settings.connections;
  const dataDir = mkdtempSync(join(tmpdir(), 'twang-bench-'));
  const start = (name: string) =>
    startPhaseServer(run, `embedded-${name}`, { DATA_DIR: dataDir, SEED: 'demo' });
  const noteLogs = (server: BenchServer, name: string) =>
    noteServerLog(run, server, `embedded server (${name})`);
  try {
    console.log('Starting the production server on PGlite with an empty DATA_DIR…');
    let server = await start('first');
    figures.push(
      atMost(
        'cold start, embedded: first start (empty DATA_DIR, demo catalogue)',
        server.coldStartMs,
        1500,
        'ms',
      ),
    );
    let ids: { videoIds: number[]; tagIds: number[] };
    try {
      ids = await demoIds(server.origin);
      const mixedList = interleave(
        [clientGet('/api/home')],
        ids.videoIds.map((id) => clientGet(`/api/videos/${id}`)),
        ids.tagIds.map((id) => clientGet(`/api/tag/${id}`)),
        searchMix().map((query) => clientGet(searchPath(query))),
      );
      const mixed = mixedEndpoint('mixed: home, video, tag, search', mixedList, C);
      await measureMixedLoad(run, server, PHASE, 'embedded', mixed);
    } finally {
      noteLogs(server, 'first');
      await server.stop();
    }

    console.log('Restarting on the same DATA_DIR…');
    server = await start('restart');
    figures.push(
      atMost(
        'cold start, embedded: restart on an existing DATA_DIR',
        server.coldStartMs,
        1500,
        'ms',
      ),
    );
    try {
      // Loaded only now: Lighthouse and Chromium are needed for this step alone.
      const { runBrowserBench } = await import('./browser.js');
      console.log('Running the browser bench…');
      figures.push(
        ...(await runBrowserBench(server.origin, {
          clientDir: context.build.clientDir,
          smoke: settings.smoke,
          pages: [
            { name: 'home', path: '/' },
            { name: 'video page', path: `/videos/${ids.videoIds[0]}` },
            { name: 'category page', path: `/categories/${ids.tagIds[0]}` },
            { name: 'search page', path: `/search/${encodeURIComponent(SEARCH_HITS[0]!)}` },
          ],
        })),
      );
    } finally {
      noteLogs(server, 'restart');
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
