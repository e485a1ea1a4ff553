/**
 * Builds the production server: `npm run build:server` (after tsc has type-checked it) bundles
 * src/server/server.ts into dist/server/server.js with esbuild, and copies the SQL migrations to
 * dist/server/db/migrations, where server.ts looks for them at run time.
 *
 * Why a bundle: the server loaded ~800 modules (fastify, zod, drizzle, @fastify/swagger and their
 * dependencies) through Node's module loader at start, which resolved, read and parsed each one
 * separately; that was most of the cold start. A bundle in a few chunks took ~40% off the CPU time
 * from spawn to the first answer (~790 -> ~470 ms measured on a busy 2-core machine).
 *
 * The app's own dynamic imports stay lazy: esbuild turns them into chunks (dist/server/chunks/)
 * loaded only when the code asks for them (the app while the database opens, the demo seeder,
 * the migrators, the PGlite adapter).
 */
import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildDemoData } from './build-demo-data.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'dist/server');

/**
 * Packages left to Node, loaded from node_modules at run time:
 * - @electric-sql/pglite reads its .wasm and .data files from its own package folder (through
 *   __dirname, which a bundle does not have; @fastify/swagger-ui is bundled and told where its
 *   files are, plugins/api-docs.ts);
 * - @node-rs/argon2 is a native addon;
 * - pg, nodemailer, ioredis and the common-password list load only when used (dynamic import or
 *   createRequire), and stay that way. Bundling pg saved nothing measurable and renamed its
 *   classes (DatabaseError2 in error logs) where their names met others in the bundle.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@zxcvbn-ts/language-common',
  'ioredis',
  'nodemailer',
  'pg',
];

/**
 * The CommonJS packages in the bundle (fastify and most of its plugins) require Node's built-in
 * modules; an ESM bundle has no `require` of its own, so each output file gets one.
 */
const REQUIRE_BANNER = [
  "import { createRequire as __twangCreateRequire } from 'node:module';",
  'const require = __twangCreateRequire(import.meta.url);',
].join('\n');

async function buildServer(): Promise<void> {
  const startedAt = performance.now();
  // dist/shared was the previous build's output (tsc, file by file); the bundle includes it.
  await rm(OUT_DIR, { recursive: true, force: true });
  await rm(join(ROOT, 'dist/shared'), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    // The embedded database's thread is an entry of its own, beside server.js (see server.ts).
    entryPoints: {
      server: 'src/server/server.ts',
      'pglite-worker': 'src/server/db/embedded/pglite-worker.ts',
    },
    tsconfig: 'tsconfig.server.json',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    outdir: OUT_DIR,
    chunkNames: 'chunks/[name]-[hash]',
    external: EXTERNAL,
    banner: { js: REQUIRE_BANNER },
    // Whitespace and syntax only: a smaller file parses faster, and names stay readable in stack
    // traces and logs (renaming identifiers gained nothing measurable on top).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  await cp(join(ROOT, 'src/server/db/migrations'), join(OUT_DIR, 'db/migrations'), {
    recursive: true,
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
  console.log(
    `dist/server: ${outputs.length} files, ${(bytes / 1024).toFixed(0)} KB of JavaScript, ` +
      `built in ${Math.round(performance.now() - startedAt)} ms`,
  );
}

await buildServer();
await buildDemoData(OUT_DIR);
