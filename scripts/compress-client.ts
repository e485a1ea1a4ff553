/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file of the built
 * client, so the server sends the smallest bytes without compressing anything per request
 * (@fastify/static's preCompressed picks them by Accept-Encoding). vite.config.ts runs it after
 * each build; `npx tsx scripts/compress-client.ts [dir]` runs it on its own.
 *
 * index.html is left alone: the server fills in its head per request and compresses it then.
 * Images that are compressed already (png, jpg, webp, woff2…) are skipped by the extension list,
 * and so are source maps: only a developer's devtools fetch them, and brotli 11 on their 3 MB
 * took 8 of the 9.5 s this step cost (measured); they still go out, uncompressed.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats that shrink several times over; the rest is already compressed or too rare. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|ico|html)$/i;
const SKIPPED = new Set(['index.html']);

export interface CompressionSummary {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
  ms: number;
}

export async function compressClient(dir: string): Promise<CompressionSummary> {
  const started = performance.now();
  const files = (await listFiles(dir)).filter(
    (file) => COMPRESSIBLE.test(file) && !SKIPPED.has(relative(dir, file)),
  );
  const summary: CompressionSummary = { files: 0, bytes: 0, brotli: 0, gzip: 0, ms: 0 };
  // zlib's async calls run on libuv's thread pool, so every core works at once.
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A tiny file can grow; then the original is what every client gets.
      if (br.length < content.length) await writeFile(`${file}.br`, br);
      if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      summary.files += 1;
      summary.bytes += content.length;
      summary.brotli += Math.min(br.length, content.length);
      summary.gzip += Math.min(gz.length, content.length);
    }),
  );
  summary.ms = performance.now() - started;
  return summary;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return entry.isFile() || (await stat(path)).isFile() ? [path] : [];
    }),
  );
  return nested.flat();
}

export function describeSummary(summary: CompressionSummary): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  return (
    `precompressed ${summary.files} files: ${kb(summary.bytes)} -> brotli ${kb(summary.brotli)},` +
    ` gzip ${kb(summary.gzip)} in ${(summary.ms / 1000).toFixed(1)} s`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(describeSummary(await compressClient(process.argv[2] ?? 'dist/client')));
}
