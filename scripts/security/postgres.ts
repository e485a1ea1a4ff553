/** Throw-away PostgreSQL databases for one run, made and dropped with psql. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const PG_HOST = process.env.SECURITY_PG_HOST ?? '127.0.0.1';
const PG_PORT = process.env.SECURITY_PG_PORT ?? '5432';
const PG_USER = process.env.SECURITY_PG_USER ?? 'postgres';

function psql(statement: string): void {
  execFileSync(
    'psql',
    [
      '-h',
      PG_HOST,
      '-p',
      PG_PORT,
      '-U',
      PG_USER,
      '-d',
      'postgres',
      '-v',
      'ON_ERROR_STOP=1',
      '-qc',
      statement,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

const live = new Set<ScratchDatabase>();

/** Drops every database this run made and has not dropped yet (on the way out after a signal). */
export function dropAllScratchDatabases(): void {
  for (const database of [...live]) {
    try {
      database.drop();
    } catch {
      // reported by the part that made it
    }
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop: () => void;
}

/** Creates `<prefix>_<random>`; drop() ends its connections and removes it (safe to call twice). */
export function createScratchDatabase(prefix: string): ScratchDatabase {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  psql(`CREATE DATABASE ${name}`);
  const database: ScratchDatabase = {
    name,
    url: `postgres://${PG_USER}@${PG_HOST}:${PG_PORT}/${name}`,
    drop: () => {
      if (!live.delete(database)) return;
      psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
  live.add(database);
  return database;
}
