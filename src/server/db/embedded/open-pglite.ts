import type { PGlite } from '@electric-sql/pglite';

/** The embedded database's page cache (see openPglite). */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite with the extensions the schema uses, from its files in dataDir, from a dump (tests start
 * from a migrated template), or empty in memory. Loaded on demand: a PostgreSQL start never
 * compiles it.
 */
export async function openPglite(source: {
  dataDir?: string | undefined;
  dump?: Blob | undefined;
}): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return PGlite.create({
    dataDir: source.dataDir,
    loadDataDir: source.dump,
    extensions: { pg_trgm, unaccent },
    // - PostgreSQL's default 128 MB of shared buffers live in the WebAssembly memory, which never
    //   shrinks; the demo catalogue fits in a fraction. 16 MB took ~100 MB off the server's
    //   resident memory, with no loss of throughput on the demo data.
    // - Generic plans for the statements prepared by name, as on PostgreSQL (db/client.ts): new
    //   searches at 100k videos went from 340-367 to 727-773 req/s (p99 263-281 -> 145-154 ms).
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
      '-c',
      'plan_cache_mode=force_generic_plan',
    ],
  });
}
