/**
 * The embedded database at catalogue scale (issue 13): the production server on PGlite with the
 * scale catalogue (100k videos in the full run) in a DATA_DIR the bench seeds once and keeps in
 * bench-data/, read the way a crawler and searching fans read it: video pages and searches
 * never asked before, while the probe watches the event loop, which the database shares.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import { SCALE_HEAVY_LIKER, seedScaleCatalogue } from '../seed-scale.js';
import { REPO_ROOT } from './children.js';
import { clientGet, eachOnce, interleave, mixedEndpoint, type Endpoint } from './endpoint.js';
import { loopDelayFigure, memoryFigure } from './figures.js';
import { send } from './http.js';
import { firstViewRows, range } from './first-view-rows.js';
import { measureEndpoint } from './measure.js';
import { noteServerLog, startPhaseServer, type PhaseRun } from './phase.js';
import { sampleCatalogue, type PostgresSample } from './postgres-catalogue.js';
import { searchMix, searchPath, uncachedSearches } from './search-mix.js';
import type { BenchSettings } from './settings.js';
import { signIn, signInMany } from './sign-in.js';

const PHASE = 'embedded, scale';
/** Written after a complete seeding: the size it holds. */
const SIZE_FILE = 'bench-size.json';

/**
 * The DATA_DIR holding the scale catalogue, seeded now unless it holds this size already, and the
 * ids the rows ask for (read before the server opens the files, which have one user at a time).
 */
async function scaleCatalogue(
  settings: BenchSettings,
): Promise<{ dataDir: string; ids: PostgresSample }> {
  const dir = join(REPO_ROOT, 'bench-data', settings.smoke ? 'embedded-smoke' : 'embedded-scale');
  const sizeFile = join(dir, SIZE_FILE);
  const wanted = JSON.stringify(settings.size);
  const seeded = existsSync(sizeFile) && readFileSync(sizeFile, 'utf8') === wanted;
  if (!seeded) {
    console.log(`Seeding the embedded scale catalogue in ${dir} (once; kept for later runs)…`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const handle = await openDatabase({ dataDir: dir });
  try {
    if (!seeded) {
      await handle.migrate();
      await seedScaleCatalogue(handle, settings.size, { reset: false });
      writeFileSync(sizeFile, wanted);
    }
    const ids = await sampleCatalogue((query) =>
      queryRows<{ id: number }>(handle.db, sql.raw(query)),
    );
    return { dataDir: dir, ids };
  } finally {
    await handle.close();
  }
}

/** Video ids as a crawler finds them: every video page the sitemap lists. */
async function sitemapVideoIds(origin: string): Promise<number[]> {
  const answer = await send(origin, { method: 'GET', path: '/sitemap.xml' });
  const ids = [...answer.body.toString().matchAll(/\/videos\/(\d+)</g)].map((m) => Number(m[1]));
  if (ids.length === 0) throw new Error('the sitemap lists no video');
  return ids;
}

export async function runEmbeddedScalePhase(run: PhaseRun): Promise<void> {
  const { settings, context, output } = run;
  const { rows, figures } = output;
  const C = settings.connections;
  const { dataDir, ids } = await scaleCatalogue(settings);
  const server = await startPhaseServer(run, 'embedded-scale', { DATA_DIR: dataDir, SEED: 'none' });
  try {
    const videoIds = await sitemapVideoIds(server.origin);
    const people = {
      admin: await signIn(server.origin, 1),
      viewers: await signInMany(server.origin, range(6, 5 + Math.min(10, C))),
      heavyLiker: await signIn(server.origin, SCALE_HEAVY_LIKER.userId),
    };
    // Two halves: the API's answers, then the pages' HTML, each id asked once in all.
    const half = Math.floor(videoIds.length / 2);
    const cachedIds = videoIds.slice(0, 40);
    const searches = uncachedSearches(9000);
    const endpoints: Endpoint[] = [
      {
        name: 'GET /api/videos/{id} (each id once)',
        connections: C,
        ...eachOnce(
          videoIds.slice(40, half).map((id) => clientGet(`/api/videos/${id}`)),
          C,
          1000,
        ),
        targets: [{ metric: 'p99', op: '<=', value: 100 }],
      },
      {
        name: `GET /api/search/{q} (each query once, ${C} conn)`,
        connections: C,
        ...eachOnce(
          searches.slice(0, 6000).map((query) => clientGet(searchPath(query))),
          C,
          1000,
        ),
        targets: [{ metric: 'p99', op: '<=', value: 150 }],
      },
      {
        name: 'GET /videos/{id} page (each id once)',
        connections: C,
        ...eachOnce(
          videoIds.slice(half).map((id) => clientGet(`/videos/${id}`)),
          C,
          500,
        ),
        targets: [],
        contentType: /text\/html/,
      },
    ];
    // The same first views as on PostgreSQL, signed in where the page is someone's.
    const shared = firstViewRows(C, ids, people, searches.slice(6000));
    endpoints.push(shared.tagPageTwo, ...shared.signedIn, shared.adminSearches);
    const mixedList = interleave(
      [clientGet('/api/home')],
      cachedIds.map((id) => clientGet(`/api/videos/${id}`)),
      searchMix().map((query) => clientGet(searchPath(query))),
    );
    endpoints.push(mixedEndpoint('mixed: home, video, search', mixedList, C));
    for (const endpoint of endpoints) {
      if (settings.only && !settings.only.test(`${PHASE}: ${endpoint.name}`)) continue;
      const row = await measureEndpoint(context, server, PHASE, endpoint);
      rows.push(row);
      figures.push(
        loopDelayFigure(`event-loop delay, embedded at scale: ${endpoint.name}`, row.loopDelay),
      );
    }
    figures.push(
      memoryFigure(
        'server RSS (VmHWM), embedded at scale, after the load',
        server.peakRssMb(),
        server.rssMb(),
      ),
    );
  } finally {
    noteServerLog(run, server, 'embedded server at scale');
    await server.stop();
  }
}
