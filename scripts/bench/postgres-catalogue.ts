/**
 * The bench's PostgreSQL database: created when missing, migrated with the server's own code, and
 * seeded with the scale seeder only when its counts do not match the size asked for, so a second
 * run skips the minutes of seeding. Ids for the scenarios are read from it here too.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { openDatabase } from '@server/db/client.js';
import { refreshAllSuggestions } from '@server/modules/videos/suggestions-refresher.js';
import { seedScaleCatalogue, type ScaleSize } from '../seed-scale.js';
import { REPO_ROOT } from './children.js';

export interface CatalogueCounts {
  videos: number;
  artists: number;
  tags: number;
  users: number;
  likes: number;
  /** Days of seeded view history (issue 28); a catalogue seeded before it has none. */
  viewDays?: number;
}

export interface PreparedCatalogue {
  counts: CatalogueCounts;
  /** Seconds this run spent seeding, or null when the catalogue was already there. */
  seededSeconds: number | null;
  /** The last seeding of this database (this run's or an earlier one's), when known. */
  lastSeeding: { seconds: number; date: string } | null;
  postgresVersion: string;
}

/** The databases the bench must never create, seed or truncate. */
const FORBIDDEN = new Set(['', 'postgres', 'test', 'template0', 'template1']);

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The tables progress reports write (progress-batch.ts). */
const REPORT_TABLES = [
  'watch_progress',
  'view_marks',
  'video_daily_stats',
  'site_daily_stats',
  'daily_viewers',
];

/**
 * Vacuums and analyzes what the progress-report row wrote, when this PostgreSQL's autovacuum is
 * off (as on the bench's machine), as autovacuum would have on a server: a hundred thousand
 * updates in ten seconds leave the heap that many dead rows, the planner's estimates grow with
 * its pages, and the reads after it (a fan's history) were planned and JIT-compiled as if over
 * millions of rows (p50 2.5 s where a vacuumed table answers in 13 ms).
 */
export async function vacuumWhenAutovacuumIsOff(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
    if (rows[0]?.autovacuum !== 'off') return;
    const present = await client.query<{ name: string }>(
      'SELECT relname AS name FROM pg_class WHERE relname = ANY($1) AND relkind = $2',
      [REPORT_TABLES, 'r'],
    );
    const tables = present.rows.map((row) => `"${row.name}"`).join(', ');
    if (tables !== '') await client.query(`VACUUM (ANALYZE) ${tables}`);
  });
}

async function ensureDatabase(url: string, recreate: boolean): Promise<void> {
  const name = databaseName(url);
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await withClient(withDatabase(url, 'postgres'), async (client) => {
    if (recreate) await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${quoted}`);
      console.log(`Created database ${name}.`);
    }
  });
}

const MIGRATIONS = join(REPO_ROOT, 'src/server/db/migrations');

/**
 * The first migration the database ran in another version than the file now holds (drizzle
 * keeps a hash of each file it applied and never runs a file twice), or null. A migration edited
 * after the bench database ran it leaves that database on a schema no server will have, so the
 * bench starts it afresh instead of measuring errors.
 */
async function driftedMigration(url: string): Promise<string | null> {
  const exists = await withClient(withDatabase(url, 'postgres'), async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      databaseName(url),
    ]);
    return (found.rowCount ?? 0) > 0;
  });
  if (!exists) return null;
  const applied = await withClient(url, async (client) => {
    const table = await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
    if (!table.rows[0]?.t) return [];
    const { rows } = await client.query<{ hash: string }>(
      'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id',
    );
    return rows.map((row) => row.hash);
  });
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS });
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = applied.findIndex((hash, i) => files[i]?.hash !== hash);
  if (index < 0) return null;
  return journal.entries[index]?.tag ?? `migration ${index + 1}`;
}

async function countCatalogue(client: pg.Client): Promise<CatalogueCounts> {
  const { rows } = await client.query<
    Record<Exclude<keyof CatalogueCounts, 'viewDays'>, string> & { view_days: string }
  >(`
    SELECT (SELECT count(*) FROM videos) AS videos, (SELECT count(*) FROM artists) AS artists,
           (SELECT count(*) FROM tags) AS tags, (SELECT count(*) FROM users) AS users,
           (SELECT count(*) FROM video_likes) AS likes,
           (SELECT count(DISTINCT day) FROM video_daily_stats
            WHERE day < (now() AT TIME ZONE 'UTC')::date - 300) AS view_days`);
  const row = rows[0]!;
  return {
    videos: Number(row.videos),
    artists: Number(row.artists),
    tags: Number(row.tags),
    users: Number(row.users),
    likes: Number(row.likes),
    viewDays: Number(row.view_days),
  };
}

/**
 * The seeder gives every artist a tag of its own, and drops duplicate likes (the random pairs
 * collide now and then), so tags = tags + artists and likes fall a little short of the request.
 */
function matches(counts: CatalogueCounts, size: ScaleSize): boolean {
  return (
    counts.videos === size.videos &&
    counts.artists === size.artists &&
    counts.tags === size.tags + size.artists &&
    counts.users === size.users &&
    counts.likes >= size.likes * 0.9 &&
    counts.likes <= size.likes &&
    // Only the seeder writes days this old: without them the catalogue predates view history.
    (counts.viewDays ?? 0) > 0
  );
}

function describe(counts: CatalogueCounts): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    `${n(counts.videos)} videos, ${n(counts.artists)} artists, ${n(counts.tags)} tags ` +
    `(incl. artists' own), ${n(counts.users)} users, ${n(counts.likes)} video likes`
  );
}

function seedingRecordFile(name: string): string {
  return join(REPO_ROOT, 'bench-results', `seeding-${name}.json`);
}

function readSeedingRecord(name: string): { seconds: number; date: string } | null {
  try {
    return JSON.parse(readFileSync(seedingRecordFile(name), 'utf8')) as {
      seconds: number;
      date: string;
    };
  } catch {
    return null;
  }
}

export async function preparePostgresCatalogue(
  url: string,
  size: ScaleSize,
): Promise<PreparedCatalogue> {
  const name = databaseName(url);
  if (FORBIDDEN.has(name)) {
    throw new Error(`refusing to use the database "${name}" for the bench; name another one`);
  }
  const drifted = await driftedMigration(url);
  if (drifted) {
    console.log(
      `${name} ran another version of ${drifted}.sql than the file now holds: recreating it.`,
    );
  }
  await ensureDatabase(url, drifted !== null);
  const handle = await openDatabase({ url, poolSize: 4 });
  try {
    await handle.migrate();
    const before = await withClient(url, countCatalogue);
    let seededSeconds: number | null = null;
    if (matches(before, size)) {
      const last = readSeedingRecord(name);
      console.log(
        `catalogue already seeded: ${describe(before)}` +
          (last ? ` (seeded ${last.date} in ${last.seconds.toFixed(0)} s)` : ''),
      );
    } else {
      console.log(`Seeding ${name} (it held ${describe(before)})…`);
      const started = performance.now();
      await seedScaleCatalogue(handle, size, { reset: true });
      seededSeconds = (performance.now() - started) / 1000;
      mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
      writeFileSync(
        seedingRecordFile(name),
        JSON.stringify({ seconds: seededSeconds, date: new Date().toISOString() }),
      );
    }
    // A migration may have queued work for the read models (video suggestions): done now, so
    // the server under load does not do it in the background while it is measured.
    const queued = await refreshAllSuggestions(handle.db, 'postgres');
    if (queued > 0) {
      console.log(`Ranked the suggestions of ${queued.toLocaleString('en-US')} videos; vacuuming…`);
      await withClient(url, (client) => client.query('VACUUM ANALYZE'));
    }
    return withClient(url, async (client) => {
      // Sessions from earlier runs' login load would pile up run after run; this database is
      // the bench's own, so each run starts without them.
      await client.query('DELETE FROM sessions');
      const version = await client.query<{ server_version: string }>('SHOW server_version');
      return {
        counts: await countCatalogue(client),
        seededSeconds,
        lastSeeding: readSeedingRecord(name),
        postgresVersion: version.rows[0]?.server_version ?? 'unknown',
      };
    });
  } finally {
    await handle.close();
  }
}

export interface PostgresSample {
  videoIds: number[];
  /** Other public videos, for the uncached figure: more than one run can ask for. */
  coldVideoIds: number[];
  /** Other public videos, for the server-rendered video page asked for the first time. */
  coldPageVideoIds: number[];
  tagIds: number[];
  /** Tags with a second page of public videos (20 a page), each asked for once. */
  pageTwoTagIds: number[];
  artistIds: number[];
  /** Artists outside artistIds, each asked for once. */
  coldArtistIds: number[];
}

/** A deterministic spread of ids across the whole catalogue (not just its first rows). */
const SPREAD = (column: string) => `ORDER BY (${column}::bigint * 7919) % 100003, ${column}`;

export async function samplePostgres(url: string): Promise<PostgresSample> {
  return withClient(url, async (client) =>
    sampleCatalogue(async (query) => (await client.query<{ id: number }>(query)).rows),
  );
}

/** The ids the rows ask for, read through any connection to the catalogue (either engine). */
export async function sampleCatalogue(
  rows: (query: string) => Promise<{ id: number }[]>,
): Promise<PostgresSample> {
  const ids = async (query: string) => (await rows(query)).map((row) => row.id);
  return {
    videoIds: await ids(`SELECT id FROM videos WHERE is_public ${SPREAD('id')} LIMIT 100`),
    coldVideoIds: await ids(
      `SELECT id FROM videos WHERE is_public ${SPREAD('id')} LIMIT 16000 OFFSET 100`,
    ),
    coldPageVideoIds: await ids(
      `SELECT id FROM videos WHERE is_public ${SPREAD('id')} LIMIT 6000 OFFSET 16100`,
    ),
    tagIds: await ids(
      `SELECT t.id FROM tags t WHERE EXISTS (SELECT 1 FROM video_tags vt WHERE vt.tag_id = t.id) ${SPREAD('t.id')} LIMIT 60`,
    ),
    pageTwoTagIds: await ids(
      `SELECT t.id FROM tags t WHERE (SELECT count(*) FROM video_tags vt JOIN videos v ON v.id = vt.video_id AND v.is_public WHERE vt.tag_id = t.id) > 20 ${SPREAD('t.id')}`,
    ),
    artistIds: await ids(`SELECT id FROM artists ${SPREAD('id')} LIMIT 60`),
    coldArtistIds: await ids(`SELECT id FROM artists ${SPREAD('id')} OFFSET 60`),
  };
}

/** Titles and descriptions of public videos spread over the catalogue, for new searches. */
export async function sampleVideoTexts(
  url: string,
  count: number,
): Promise<{ title: string; description: string }[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ title: string; description: string }>(
      `SELECT title, description FROM videos WHERE is_public
        ORDER BY (id::bigint * 104729) % 100003, id LIMIT $1`,
      [count],
    );
    return rows;
  });
}

/** For each user, a public video they do not like yet: the like toggle adds, then removes it. */
export async function unlikedVideos(url: string, userIds: number[]): Promise<number[]> {
  return withClient(url, async (client) => {
    const chosen: number[] = [];
    for (const userId of userIds) {
      const { rows } = await client.query<{ id: number }>(
        `SELECT v.id FROM videos v
          WHERE v.is_public AND NOT EXISTS
                (SELECT 1 FROM video_likes l WHERE l.user_id = $1 AND l.video_id = v.id)
          ORDER BY (v.id::bigint * 7919 + $1::bigint * 104729) % 100003, v.id LIMIT 1`,
        [userId],
      );
      if (!rows[0]) throw new Error(`no video left for user ${userId} to like`);
      chosen.push(rows[0].id);
    }
    return chosen;
  });
}
