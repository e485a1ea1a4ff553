/**
 * The PostgreSQL phase: the catalogue (100k videos; tiny with --smoke), the production
 * server on it, every endpoint of the issue measured against its ceiling, then the typo check,
 * a mixed load for the event-loop delay, and the server's peak memory.
 */
import { pageLink } from '@shared/page-paths.js';
import {
  clientGet,
  eachOnce,
  get,
  interleave,
  mixedEndpoint,
  rotations,
  spread,
  type Endpoint,
} from './endpoint.js';
import { atMost, info } from './figures.js';
import { JSON_HEADERS, jsonOf, send } from './http.js';
import { measureEndpoint } from './measure.js';
import { measureMixedLoad, noteServerLog, startPhaseServer, type PhaseRun } from './phase.js';
import {
  preparePostgresCatalogue,
  samplePostgres,
  sampleVideoTexts,
  unlikedVideos,
  vacuumWhenAutovacuumIsOff,
  type PostgresSample,
} from './postgres-catalogue.js';
import type { RequestSpec } from './scenario.js';
import {
  SEARCH_HITS,
  SEARCH_KINDS,
  SEARCH_TYPOS,
  commonWordSearchPaths,
  searchesByKind,
  searchMix,
  searchPath,
  uncachedSearches,
} from './search-mix.js';
import type { BenchSettings } from './settings.js';
import { bearer, loginBody, signIn, signInMany, type SignedIn } from './sign-in.js';
import { SCALE_HEAVY_LIKER } from '../seed-scale.js';
import { SCALE_HEAVY_WATCHER } from '../seed-view-history.js';
import { reportsOf, watchingRows } from './watching-rows.js';
import { measureFirstLoad } from './bundle-size.js';
import { FIRST_VIEW_P99, firstViewRows, range, signedInLists } from './first-view-rows.js';
import { runNewsletterBench } from './newsletter-rows.js';
import { measureReportsBesideReads } from './reports-beside-reads.js';

const PHASE = 'PostgreSQL';

/**
 * The largest script of a page's first load (the app chunk; its file name changes with every
 * build): what a first visit waits on longest.
 */
export function bundlePath(clientDir: string): string {
  const [largest] = [...measureFirstLoad(clientDir).js].sort((a, b) => b.bytes - a.bytes);
  if (!largest) throw new Error(`no first-load script in ${clientDir}`);
  return `/${largest.file}`;
}

async function checkTypos(origin: string): Promise<{ found: number; missed: string[] }> {
  const missed: string[] = [];
  for (const typo of SEARCH_TYPOS) {
    const response = await send(origin, get(searchPath(typo.query)));
    const { data } = jsonOf<{
      data: { artists: { name: string }[]; videos: { title: string }[] } | null;
    }>(response, `search ${typo.query}`);
    const texts = [
      ...(data?.artists ?? []).map((artist) => artist.name),
      ...(data?.videos ?? []).map((video) => video.title),
    ];
    const expected = typo.expect.toLowerCase();
    if (!texts.some((text) => text.toLowerCase().includes(expected))) {
      missed.push(`"${typo.query}" (${response.status}, ${texts.length} results)`);
    }
  }
  return { found: SEARCH_TYPOS.length - missed.length, missed };
}

/** The first few misses, so one bad run does not make the figure table a page wide. */
function missedTypos(missed: string[]): string {
  if (missed.length === 0) return '';
  const more = missed.length > 3 ? `, +${missed.length - 3} more` : '';
  return `; missed ${missed.slice(0, 3).join(', ')}${more}`;
}

function buildEndpoints(
  settings: BenchSettings,
  ids: PostgresSample,
  users: {
    admin: SignedIn;
    viewers: SignedIn[];
    likers: SignedIn[];
    likeVideos: number[];
    heavyLiker: SignedIn;
    heavyWatcher: SignedIn;
  },
  origin: string,
  clientDir: string,
  /** Titles and descriptions to make new searches of each kind from. */
  videoTexts: { title: string; description: string }[],
): { endpoints: Endpoint[]; mixed: Endpoint } {
  const C = settings.connections;
  const videoPaths = ids.videoIds.map((id) => `/api/videos/${id}`);
  const tagPaths = ids.tagIds.map((id) => `/api/tag/${id}`);
  const artistPaths = ids.artistIds.map((id) => `/api/artists/${id}`);
  const searches = searchMix().map((query) => clientGet(searchPath(query)));
  // The page cache keeps what was asked before; these rows ask for pages it has not seen.
  const half = Math.floor(ids.coldVideoIds.length / 2);
  const coldVideos = ids.coldVideoIds.slice(0, half).map((id) => clientGet(`/api/videos/${id}`));
  const coldPlainVideos = ids.coldVideoIds.slice(half).map((id) => get(`/api/videos/${id}`));
  // A smoke catalogue is too small for ids of their own: its pages reuse the API rows' videos.
  const pageIds =
    ids.coldPageVideoIds.length > 0 ? ids.coldPageVideoIds : ids.coldVideoIds.slice(0, 100);
  const coldVideoPages = pageIds.map((id) => clientGet(`/videos/${id}`));
  const newQueries = uncachedSearches(12_000);
  const coldSearches = newQueries.map((query) => clientGet(searchPath(query)));
  // The search page drawn for words no other row asks (its render reads their API answer).
  const pageQueries = uncachedSearches(16_000).slice(12_000);
  const coldSearchPages = pageQueries.map((query) => clientGet(pageLink.search(query)));
  // Issue 33: each kind of new search on its own row, none asked by another row.
  const byKind = searchesByKind(videoTexts, 8000, [...newQueries, ...pageQueries, ...searchMix()]);
  const searchKindRows: Endpoint[] = SEARCH_KINDS.filter((kind) => byKind[kind].length > 0).map(
    (kind) => ({
      name: `GET /api/search/{q} (each query once, ${C} conn): ${kind}`,
      connections: C,
      ...eachOnce(
        byKind[kind].map((query) => clientGet(searchPath(query))),
        C,
        500,
      ),
      targets: [
        { metric: 'rps', op: '>=', value: 1000 },
        { metric: 'p99', op: '<=', value: 150 },
      ],
    }),
  );
  // The words in nearly every video: few, so each is asked again on its later pages.
  const commonWords = commonWordSearchPaths(videoTexts, 50).map((path) => clientGet(path));
  if (commonWords.length > 0) {
    searchKindRows.push({
      name: `GET /api/search/{q}?page= (each page once, ${C} conn): a word in most videos`,
      connections: C,
      ...eachOnce(commonWords, C, 100),
      targets: [
        { metric: 'rps', op: '>=', value: 1000 },
        { metric: 'p99', op: '<=', value: 150 },
      ],
    });
  }
  const shared = firstViewRows(C, ids, users, newQueries.slice(9000));
  const loginPool = range(16, Math.min(settings.size.users, 1015));
  const like = (action: 'add' | 'remove', k: number): RequestSpec => ({
    method: 'PUT',
    path: `/api/users/liked/${action}-video`,
    headers: { ...JSON_HEADERS, ...bearer(users.likers[k]!) },
    body: JSON.stringify({ userId: users.likers[k]!.userId, episodeId: users.likeVideos[k] }),
  });
  const likeLists = users.likers.map((_, k) => [like('add', k), like('remove', k)]);
  const adminSearches = [...SEARCH_HITS, ...SEARCH_TYPOS.map((typo) => typo.query)].map(
    (query) => `/api/admin/search/videos/${encodeURIComponent(query)}`,
  );
  const bundle = clientGet(bundlePath(clientDir));
  const videoLists = rotations(
    videoPaths.map((path) => clientGet(path)),
    C,
  );
  const signedInVideos = signedInLists(videoPaths, users.viewers, C);
  const artistLists = signedInLists(artistPaths, users.viewers, C);
  const adminLists = signedInLists(adminSearches, [users.admin], C);
  // Issue 29: the Channels screen's reads (the channels with today's quota, the run history).
  const channelScreenLists = signedInLists(
    ['/api/admin/channels', '/api/admin/channels/runs', '/api/admin/channels/runs?page=2'],
    [users.admin],
    C,
  );
  // Issue 30: My Account's two-step sign-in state and the signed-in sessions list.
  const ownAccountLists = signedInLists(
    ['/api/admin/second-factor', '/api/sessions'],
    [users.admin],
    C,
  );
  const fanSessionLists = signedInLists(['/api/sessions'], users.viewers, C);
  // Issue 31: Analytics' site figures for each range the screen offers, and their CSV, at the
  // 10 connections the goal names (staff tools, not a crowd).
  const ANALYTICS_C = 10;
  const analyticsLists = signedInLists(
    [7, 30, 90, 365].map((days) => `/api/admin/analytics/site?days=${days}`),
    [users.admin],
    ANALYTICS_C,
  );
  const analyticsCsvLists = signedInLists(
    ['/api/admin/analytics/site.csv?days=365', '/api/admin/analytics/site.csv?days=30'],
    [users.admin],
    ANALYTICS_C,
  );
  const topListLists = signedInLists(
    [7, 30, 90, 365].map((days) => `/api/admin/analytics/top?days=${days}`),
    [users.admin],
    ANALYTICS_C,
  );
  // Six episodes of the catalogue, each since it was published (the seed's are years old, so the
  // 5-year cap: the longest answer).
  const episodeAnalyticsLists = signedInLists(
    ids.videoIds.slice(0, 6).map((id) => `/api/admin/analytics/videos/${id}`),
    [users.admin],
    ANALYTICS_C,
  );
  // Each connection signs in as its own share of the users, one after another.
  const loginLists = Array.from({ length: C }, (_, k) => {
    const mine = loginPool.filter((_, i) => i % C === k);
    return (mine.length > 0 ? mine : [loginPool[k % loginPool.length]!]).map((n): RequestSpec => ({
      method: 'POST',
      path: '/api/login',
      headers: JSON_HEADERS,
      body: loginBody(n),
    }));
  });

  const endpoints: Endpoint[] = [
    {
      name: 'GET /api/home',
      connections: C,
      perConnection: [[clientGet('/api/home')]],
      samples: [clientGet('/api/home')],
      targets: [
        { metric: 'ratio', op: '>=', value: 0.8 },
        { metric: 'p99', op: '<=', value: 20 },
      ],
    },
    {
      // The page itself, rendered on the server once and then kept (issue 14's bar).
      name: 'GET / (server-rendered home)',
      connections: C,
      perConnection: [[clientGet('/')]],
      samples: [clientGet('/')],
      targets: [{ metric: 'ratio', op: '>=', value: 0.5 }],
      contentType: /text\/html/,
    },
    {
      // A video page's HTML asked for the first time: its API answer built, React's render, kept.
      name: 'GET /videos/{id} page (each id once)',
      connections: C,
      ...eachOnce(coldVideoPages, C, 500),
      targets: [],
      contentType: /text\/html/,
    },
    {
      // A search page's HTML asked for the first time: the search, React's render, kept.
      name: 'GET /search/{q} page (each query once)',
      connections: C,
      ...eachOnce(coldSearchPages, C, 500),
      targets: [],
      contentType: /text\/html/,
    },
    {
      // How the bench asked before it asked as clients do: ~40 KB of plain JSON, for comparison.
      name: 'GET /api/home (no accept-encoding)',
      connections: C,
      perConnection: [[get('/api/home')]],
      samples: [get('/api/home')],
      targets: [],
    },
    {
      name: 'GET /api/videos/{id} (anonymous)',
      connections: C,
      perConnection: videoLists,
      samples: spread(videoLists[0]!, 10),
      targets: [{ metric: 'ratio', op: '>=', value: 0.5 }],
    },
    {
      name: 'GET /api/videos/{id} (signed in)',
      connections: C,
      perConnection: signedInVideos,
      samples: spread(signedInVideos[0]!, 10),
      targets: [{ metric: 'ratio', op: '>=', value: 0.5 }],
    },
    {
      name: 'GET /api/videos/{id} (each id once)',
      connections: C,
      ...eachOnce(coldVideos, C, 1000),
      targets: [
        { metric: 'rps', op: '>=', value: 2000 },
        { metric: 'p99', op: '<=', value: FIRST_VIEW_P99 },
      ],
    },
    {
      name: 'GET /api/videos/{id} (each id once, no accept-encoding)',
      connections: C,
      ...eachOnce(coldPlainVideos, C, 1000),
      targets: [],
    },
    {
      name: `GET /api/search/{q} (${C} conn)`,
      connections: C,
      perConnection: rotations(searches, C),
      samples: searches,
      targets: [{ metric: 'rps', op: '>=', value: 1000 }],
    },
    {
      name: 'GET /api/search/{q} (1 conn)',
      connections: 1,
      perConnection: [searches],
      samples: searches,
      targets: [
        { metric: 'p50', op: '<=', value: 10 },
        { metric: 'p99', op: '<=', value: 50 },
      ],
    },
    {
      name: 'GET /api/search/{q} (each query once, 1 conn)',
      connections: 1,
      ...eachOnce(coldSearches.slice(0, 2000), 1, 200),
      targets: [
        { metric: 'p50', op: '<=', value: 5 },
        { metric: 'p99', op: '<=', value: 30 },
      ],
    },
    {
      name: `GET /api/search/{q} (each query once, ${C} conn)`,
      connections: C,
      ...eachOnce(coldSearches.slice(2000, 9000), C, 1000),
      targets: [
        { metric: 'rps', op: '>=', value: 1000 },
        { metric: 'p99', op: '<=', value: 150 },
      ],
    },
    ...searchKindRows,
    shared.adminSearches,
    {
      name: 'GET /api/tag/{id}',
      connections: C,
      perConnection: rotations(
        tagPaths.map((path) => clientGet(path)),
        C,
      ),
      samples: spread(
        tagPaths.map((path) => clientGet(path)),
        10,
      ),
      targets: [{ metric: 'ratio', op: '>=', value: 0.5 }],
    },
    shared.tagPageTwo,
    {
      name: 'GET /api/artists/{id} (signed in)',
      connections: C,
      perConnection: artistLists,
      samples: spread(artistLists[0]!, 10),
      targets: [{ metric: 'ratio', op: '>=', value: 0.5 }],
    },
    ...shared.signedIn,
    {
      name: 'PUT like toggle (add + remove video)',
      connections: C,
      perConnection: likeLists,
      samples: likeLists[0]!,
      targets: [{ metric: 'rps', op: '>=', value: 2000 }],
      // The load may stop between an add and its remove: take every like back.
      after: async () => {
        await Promise.all(likeLists.map((list) => send(origin, list[1]!)));
      },
    },
    // Issue 28: progress reports, each connection a fan of its own, and a long history's lists.
    ...watchingRows(C, ids.videoIds, users.likers, users.heavyWatcher, () =>
      vacuumWhenAutovacuumIsOff(settings.databaseUrl),
    ),
    {
      name: 'POST /api/login (argon2id)',
      connections: C,
      perConnection: loginLists,
      samples: [loginLists[0]![0]!],
      targets: [],
    },
    {
      name: 'GET /api/admin/search/videos/{q} (repeated)',
      connections: C,
      perConnection: adminLists,
      samples: spread(adminLists[0]!, 12),
      // Issue 33: a common word asked again, answered from the page cache.
      targets: [{ metric: 'p50', op: '<=', value: 20 }],
    },
    {
      name: 'GET /api/admin/channels, /runs (Channels screen)',
      connections: C,
      perConnection: channelScreenLists,
      samples: channelScreenLists[0]!,
      targets: [{ metric: 'p99', op: '<=', value: 100 }],
    },
    {
      name: 'GET /api/admin/second-factor, /api/sessions (My Account)',
      connections: C,
      perConnection: ownAccountLists,
      samples: ownAccountLists[0]!,
      targets: [{ metric: 'p99', op: '<=', value: 100 }],
    },
    {
      name: 'GET /api/admin/analytics/site (7, 30, 90, 365 days), 10 conn',
      connections: ANALYTICS_C,
      perConnection: analyticsLists,
      samples: analyticsLists[0]!,
      targets: [{ metric: 'p99', op: '<=', value: 100 }],
    },
    {
      name: 'GET /api/admin/analytics/top (7, 30, 90, 365 days), 10 conn',
      connections: ANALYTICS_C,
      perConnection: topListLists,
      samples: topListLists[0]!,
      targets: [{ metric: 'p99', op: '<=', value: 100 }],
    },
    {
      name: 'GET /api/admin/analytics/videos/{id} (since published), 10 conn',
      connections: ANALYTICS_C,
      perConnection: episodeAnalyticsLists,
      samples: episodeAnalyticsLists[0]!,
      targets: [{ metric: 'p99', op: '<=', value: 100 }],
    },
    {
      name: 'GET /api/admin/analytics/site.csv (365, 30 days), 10 conn',
      connections: ANALYTICS_C,
      perConnection: analyticsCsvLists,
      samples: analyticsCsvLists[0]!,
      targets: [{ metric: 'p99', op: '<=', value: 100 }],
      contentType: /^text\/csv/,
    },
    {
      name: 'GET /api/sessions (fans, /account)',
      connections: C,
      perConnection: fanSessionLists,
      samples: spread(fanSessionLists[0]!, 4),
      targets: [{ metric: 'p99', op: '<=', value: 100 }],
    },
    {
      name: 'GET JS bundle (br)',
      connections: C,
      perConnection: [[bundle]],
      samples: [bundle],
      targets: [],
      contentType: /javascript/,
    },
  ];
  const mixedList = interleave(
    [clientGet('/api/home')],
    videoPaths.map((path) => clientGet(path)),
    tagPaths.map((path) => clientGet(path)),
    searches,
  );
  return { endpoints, mixed: mixedEndpoint('mixed: home, video, tag, search', mixedList, C) };
}

/** The main server's rows and figures; answers the mixed reads (for the newsletter's check). */
async function runMainServer(run: PhaseRun): Promise<Endpoint | null> {
  const { settings, context, output } = run;
  const { rows, figures } = output;
  const url = settings.databaseUrl;
  const prepared = await preparePostgresCatalogue(url, settings.size);
  output.postgresVersion = prepared.postgresVersion;
  const { lastSeeding } = prepared;
  figures.push(
    info(
      `seeding the catalogue (${settings.size.videos.toLocaleString('en-US')} videos)`,
      prepared.seededSeconds !== null
        ? `${prepared.seededSeconds.toFixed(0)} s (this run)`
        : lastSeeding
          ? `${lastSeeding.seconds.toFixed(0)} s (${lastSeeding.date.slice(0, 10)}; skipped this run)`
          : 'skipped this run (already seeded)',
    ),
  );
  const ids = await samplePostgres(url);
  const videoTexts = await sampleVideoTexts(url, 40_000);

  // The mixed reads, for the newsletter's check once this server has stopped.
  const forNewsletter: { mixed: Endpoint | null } = { mixed: null };
  console.log('Starting the production server on PostgreSQL…');
  const server = await startPhaseServer(run, 'postgres', { DATABASE_URL: url });
  figures.push(
    atMost(
      'cold start, PostgreSQL (spawn → first 200 of /api/home)',
      server.coldStartMs,
      500,
      'ms',
    ),
  );
  try {
    console.log('Signing users in…');
    const C = settings.connections;
    const admin = await signIn(server.origin, 1);
    const viewers = await signInMany(server.origin, range(6, 5 + Math.min(10, C)));
    const likers = await signInMany(server.origin, range(101, 100 + C));
    const heavyLiker = await signIn(server.origin, SCALE_HEAVY_LIKER.userId);
    const heavyWatcher = await signIn(server.origin, SCALE_HEAVY_WATCHER.userId);
    const likeVideos = await unlikedVideos(
      url,
      likers.map((user) => user.userId),
    );
    const { endpoints, mixed } = buildEndpoints(
      settings,
      ids,
      { admin, viewers, likers, likeVideos, heavyLiker, heavyWatcher },
      server.origin,
      context.build.clientDir,
      videoTexts,
    );

    console.log(
      `Measuring (${settings.seconds} s each after ${settings.warmupSeconds} s warm-up, ceiling likewise):`,
    );
    const selected = (name: string) => settings.only === null || settings.only.test(name);
    for (const endpoint of endpoints.filter((each) => selected(each.name))) {
      rows.push(await measureEndpoint(context, server, PHASE, endpoint));
    }
    forNewsletter.mixed = mixed;
    if (!selected(mixed.name)) return mixed;
    const login = rows.find((row) => row.name.startsWith('POST /api/login'));
    if (login) {
      figures.push(
        info(
          `login rate (argon2id by design, ${login.connections} conn)`,
          `${Math.round(login.result.requestsPerSecond)} logins/s`,
        ),
      );
    }

    const bundleRow = rows.find((row) => row.name.startsWith('GET JS bundle'));
    if (bundleRow) {
      figures.push(
        info(
          'JS bundle as served (asked with accept-encoding: br, gzip)',
          `${(bundleRow.sample.bytes / 1000).toFixed(1)} KB, content-encoding: ${bundleRow.sample.contentEncoding ?? 'none'}`,
        ),
      );
    }

    const typos = await checkTypos(server.origin);
    figures.push({
      name: 'search typos found (each typo query once)',
      value: `typos found ${typos.found}/${SEARCH_TYPOS.length}${missedTypos(typos.missed)}`,
      target: 'all',
      met: typos.missed.length === 0,
      mark: typos.missed.length === 0 ? 'met' : `missed by ${typos.missed.length}`,
    });
    console.log(`  typos found ${typos.found}/${SEARCH_TYPOS.length}`);

    await measureMixedLoad(run, server, PHASE, 'PostgreSQL', mixed);
    // Issue 28: the same mixed reads with 500 progress reports/s written beside them.
    const beside = await measureReportsBesideReads(
      context,
      server,
      PHASE,
      mixed,
      reportsOf(ids.videoIds, likers),
    );
    rows.push(...beside.rows);
    figures.push(...beside.figures);
    noteServerLog(run, server, 'PostgreSQL server');
  } finally {
    await server.stop();
  }
  return forNewsletter.mixed;
}

export async function runPostgresPhase(run: PhaseRun): Promise<void> {
  const mixed = await runMainServer(run);
  const { only } = run.settings;
  // Its own server (with an SMTP sink), once the main one has stopped.
  if (mixed && (only === null || only.test('newsletter'))) {
    await runNewsletterBench(run, run.settings.databaseUrl, mixed);
  }
}
