import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { queryRows } from '../db/query-rows.js';
import { siteSettings, users, videos } from '../db/schema.js';
import { loadConfig } from '../env.js';
import { runFirstRunProcess, wantsFirstRunProcess } from './first-run-process.js';
import { prepareContent } from './prepare-database.js';
import {
  copyPreparedDemo,
  countFiles,
  currentStamp,
  DEMO_DATES_PENDING_KEY,
} from './prepared-demo-data.js';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

const made: string[] = [];
let seeded: Promise<string> | null = null;
const newDataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'twang-first-run-'));
  made.push(dir);
  return join(dir, 'data');
};
afterAll(async () => {
  await Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * The oldest and newest value of every time stamp column that holds one, in every table, as
 * "table.column": a column the demo seed writes and the date move forgets shows up here.
 */
async function everyDate(db: Database) {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type = 'timestamp with time zone'
      -- The build's note about the dates, which the move deletes, is no seed data.
      AND table_name <> 'site_settings'
    ORDER BY 1, 2`,
  );
  // In microseconds, as PostgreSQL keeps them: a number of milliseconds would round.
  const found = new Map<string, { oldest: bigint; newest: bigint }>();
  for (const { table_name: table, column_name: column } of columns) {
    const [range] = await queryRows<{ oldest: string | null; newest: string | null }>(
      db,
      sql`
        SELECT (extract(epoch FROM min(${sql.identifier(column)})) * 1000000)::bigint::text AS oldest,
               (extract(epoch FROM max(${sql.identifier(column)})) * 1000000)::bigint::text AS newest
        FROM ${sql.identifier(table)}`,
    );
    if (!range?.oldest || !range.newest) continue;
    found.set(`${table}.${column}`, { oldest: BigInt(range.oldest), newest: BigInt(range.newest) });
  }
  return found;
}

/** A data directory made as server.ts makes it: by its first-run child. Made once, ~5 s. */
function seededByChild(): Promise<string> {
  seeded ??= (async () => {
    const dataDir = await newDataDir();
    const previous = { DATA_DIR: process.env.DATA_DIR, LOG_LEVEL: process.env.LOG_LEVEL };
    process.env.DATA_DIR = dataDir;
    process.env.LOG_LEVEL = 'warn';
    try {
      const entry = fileURLToPath(new URL('../server.ts', import.meta.url));
      await runFirstRunProcess(entry, { nodeFlags: ['--import', 'tsx'] });
    } finally {
      for (const [key, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
    return dataDir;
  })();
  return seeded;
}

// The embedded database's own work: only the PGlite project runs it (vitest.config.ts).
describe('the first run of an embedded database', () => {
  it('goes to a process of its own only for a new database on disk that gets the demo', async () => {
    const dataDir = await newDataDir();
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(wantsFirstRunProcess(config({}))).toBe(true);
    expect(wantsFirstRunProcess(config({ SEED: 'none' }))).toBe(false);
    expect(wantsFirstRunProcess(config({ DATABASE_URL: 'memory://' }))).toBe(false);
    expect(
      wantsFirstRunProcess(config({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' })),
    ).toBe(false);
  });

  it('is migrated and seeded by a child process, and is then left to the server', async () => {
    const dataDir = await seededByChild();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(wantsFirstRunProcess(config)).toBe(false);
    // The child closed the files: this process can open them.
    const database = await openDatabase({ dataDir });
    try {
      const [shown] = await database.db.select({ n: count() }).from(videos);
      const [accounts] = await database.db.select({ n: count() }).from(users);
      expect(shown?.n).toBe(150);
      expect(accounts?.n).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('is copied from a prepared one, whose demo dates move to the day it is opened', async () => {
    // The build's demo database is what the first-run child makes (scripts/build-demo-data.ts).
    const built = await seededByChild();
    const stamp = join(built, '..', 'demo-data.json');
    await writeFile(
      stamp,
      JSON.stringify({ ...(await currentStamp(MIGRATIONS)), ...countFiles(built) }),
    );
    const dataDir = await newDataDir();
    expect(await copyPreparedDemo({ dir: built, stamp }, dataDir, MIGRATIONS)).toBe(true);
    const config = loadConfig({ DATA_DIR: dataDir, SEED: 'demo' });
    expect(wantsFirstRunProcess(config)).toBe(false);

    const database = await openDatabase({ dataDir });
    // What scripts/build-demo-data.ts adds to the child's database.
    const markPending = () =>
      database.db.insert(siteSettings).values({ key: DEMO_DATES_PENDING_KEY, value: true });
    const pending = async () =>
      (
        await database.db
          .select()
          .from(siteSettings)
          .where(eq(siteSettings.key, DEMO_DATES_PENDING_KEY))
      ).length > 0;
    try {
      await markPending();
      const dates = () => everyDate(database.db);
      const before = await dates();
      const birthdays = sql`SELECT min(birthday)::text AS a, max(birthday)::text AS b FROM users`;
      const birthdaysBefore = await queryRows(database.db, birthdays);
      // Built moments ago (npm start's case): the dates are the build's, and stay.
      await prepareContent({ config, database, log: { info: () => undefined } });
      expect(await pending()).toBe(false);
      expect(await dates()).toEqual(before);
      const [shown] = await database.db.select({ n: count() }).from(videos);
      expect(shown?.n).toBe(150);

      // Built ten days before it is opened: every date the seed wrote moves by ten days.
      const { moveDemoDatesToNow } = await import('./demo-seed.js');
      const tenDays = 10 * 24 * 60 * 60 * 1000;
      const moved = BigInt(tenDays) * 1000n;
      const newest = before.get('videos.published_at')!.newest;
      const opened = new Date(Number(newest / 1000n) + tenDays);
      await markPending();
      await moveDemoDatesToNow(database.db, opened);
      expect(await pending()).toBe(false);
      const after = await dates();
      expect([...after.keys()]).toEqual([...before.keys()]);
      expect(after.size).toBeGreaterThanOrEqual(12);
      for (const [column, was] of before) {
        expect({ column, ...after.get(column) }).toEqual({
          column,
          oldest: was.oldest + moved,
          newest: was.newest + moved,
        });
      }
      expect(after.get('videos.published_at')!.newest).toBe(BigInt(opened.getTime()) * 1000n);
      // Dates that are not the seed's moment stay; the subscriber trend follows the accounts.
      const trend = sql`
        SELECT d.day::text, d.subscribed, d.unsubscribed, count(u.id)::int AS accounts
        FROM newsletter_days d LEFT JOIN users u
          ON u.newsletter AND (u.newsletter_since AT TIME ZONE 'UTC')::date = d.day
        GROUP BY 1, 2, 3`;
      const [days] = await queryRows<{
        day: string;
        subscribed: number;
        unsubscribed: number;
        accounts: number;
      }>(database.db, trend);
      expect(days).toMatchObject({ subscribed: days!.accounts, unsubscribed: 0 });
      expect(days!.day).toBe(
        new Date(Number((before.get('users.newsletter_since')!.newest + moved) / 1000n))
          .toISOString()
          .slice(0, 10),
      );
      expect(await queryRows(database.db, birthdays)).toEqual(birthdaysBefore);
      // Once only: without the note nothing moves, ten days later or not.
      await moveDemoDatesToNow(database.db, new Date(opened.getTime() + tenDays));
      expect(await dates()).toEqual(after);
    } finally {
      await database.close();
    }
  }, 60_000);
});
