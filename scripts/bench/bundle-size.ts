/**
 * First-load JS of a public page: what the browser must fetch and run before the app renders,
 * read from the built client. index.html names the entry script and its modulepreloads; the
 * entry's static imports (followed transitively) load before it runs, so they count too.
 * Dynamic imports (the lazy pages) do not. Sizes are brotli at quality 11, as served.
 *
 * Admin code is recognised by the sources in each chunk's source map, so a shared chunk that
 * swallowed an admin module is caught even when its name says nothing.
 *
 * `npx tsx scripts/bench/bundle-size.ts [dist/client]` prints the figures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** Modules of the back-office: its features and the components only it uses. */
const ADMIN_SOURCE = /(?:^|\/)src\/client\/(?:features\/admin-[^/]+|components\/admin)\//;

export interface ChunkSize {
  /** Path under the client dir, e.g. `assets/index-abc.js`. */
  file: string;
  bytes: number;
  brotli: number;
}

export interface FirstLoad {
  /** JS fetched before first render: the entry, its modulepreloads and static imports. */
  js: ChunkSize[];
  jsBrotli: number;
  /** Stylesheets the page links (render-blocking), for the record. */
  css: ChunkSize[];
  cssBrotli: number;
  /** First-load files that carry back-office code: should be none. */
  adminInFirstLoad: string[];
  /** Chunks with back-office code, largest first. */
  adminChunks: ChunkSize[];
}

export function brotliSize(content: Buffer): number {
  return brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  }).length;
}

export function measureFirstLoad(clientDir: string): FirstLoad {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const scripts = attributeValues(html, /<script\b[^>]*\btype="module"[^>]*>/g, 'src');
  const preloads = attributeValues(html, /<link\b[^>]*\brel="modulepreload"[^>]*>/g, 'href');
  const styles = attributeValues(html, /<link\b[^>]*\brel="stylesheet"[^>]*>/g, 'href');
  if (scripts.length === 0) throw new Error(`${clientDir}/index.html has no module script`);

  const jsFiles = followStaticImports(clientDir, [...scripts, ...preloads].map(localPath));
  const js = jsFiles.map((file) => sizeOf(clientDir, file));
  const css = styles.map(localPath).map((file) => sizeOf(clientDir, file));
  const adminFiles = new Set(listJs(clientDir).filter((file) => hasAdminSource(clientDir, file)));
  return {
    js,
    jsBrotli: sum(js),
    css,
    cssBrotli: sum(css),
    adminInFirstLoad: jsFiles.filter((file) => adminFiles.has(file)),
    adminChunks: [...adminFiles]
      .map((file) => sizeOf(clientDir, file))
      .sort((a, b) => b.brotli - a.brotli),
  };
}

function attributeValues(html: string, tag: RegExp, attribute: string): string[] {
  const value = new RegExp(`\\b${attribute}="([^"]+)"`);
  return [...html.matchAll(tag)].flatMap((match) => {
    const found = value.exec(match[0])?.[1];
    return found ? [found] : [];
  });
}

/** `/assets/x.js` -> `assets/x.js`; other origins are not this build's files. */
function localPath(url: string): string {
  if (/^[a-z]+:\/\//i.test(url)) throw new Error(`first-load file from another origin: ${url}`);
  return url.replace(/^\//, '');
}

/** The files plus everything they import statically (`import … from "./x.js"`, `import "./x.js"`). */
function followStaticImports(clientDir: string, start: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(clientDir, file), 'utf8');
    const imports = code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g);
    for (const [, specifier] of imports) {
      queue.push(posix.normalize(posix.join(posix.dirname(file), specifier!)));
    }
  }
  return [...seen];
}

function listJs(clientDir: string): string[] {
  const assets = join(clientDir, 'assets');
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
}

/** Reads the chunk's source map; without one, falls back on the chunk's name. */
function hasAdminSource(clientDir: string, file: string): boolean {
  const map = join(clientDir, `${file}.map`);
  if (!existsSync(map)) return /(?:^|\/)admin-/.test(file);
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] };
  return sources.some((source) => ADMIN_SOURCE.test(posix.normalize(`/${source}`)));
}

function sizeOf(clientDir: string, file: string): ChunkSize {
  const content = readFileSync(join(clientDir, file));
  return { file, bytes: content.length, brotli: brotliSize(content) };
}

const sum = (chunks: ChunkSize[]) => chunks.reduce((total, chunk) => total + chunk.brotli, 0);

export const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist/client';
  const load = measureFirstLoad(dir);
  console.log(`First-load JS (brotli 11): ${kilobytes(load.jsBrotli)}`);
  for (const chunk of load.js) {
    console.log(
      `  ${chunk.file.padEnd(40)} ${kilobytes(chunk.bytes).padStart(9)} raw  ${kilobytes(chunk.brotli).padStart(8)} br`,
    );
  }
  console.log(`First-load CSS (brotli 11): ${kilobytes(load.cssBrotli)}`);
  console.log(`Admin code in the first load: ${load.adminInFirstLoad.join(', ') || 'none'}`);
  const largest = load.adminChunks[0];
  console.log(
    `Admin chunks: ${load.adminChunks.length}, largest ${largest ? `${largest.file} ${kilobytes(largest.brotli)}` : 'none'}`,
  );
}
