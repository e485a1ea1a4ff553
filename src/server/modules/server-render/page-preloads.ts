import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstReadOf, idOfSegment, matchPage } from '@shared/page-paths.js';
import { PAGE_NAMES, publicPage } from '@shared/public-pages.js';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { escapeHtml } from '../seo/head-tags.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * `data` goes first in the head, so those requests start before the entry's; `styles` go last,
 * so the page's stylesheets follow the entry's in the cascade, as when the app adds them.
 * `scripts` are the page's own chunks (their addresses), which the app needs to take the page
 * over: preloaded with the entry (page-writer.ts decides how).
 */
export interface PageHints {
  data: string;
  styles: string;
  scripts: readonly string[];
}

/** A page chunk's stylesheets (as tags) and scripts (as addresses). */
interface ChunkFiles {
  styles: string;
  scripts: readonly string[];
}

export type PagePreloads = (path: string) => PageHints;

const NO_FILES: ChunkFiles = { styles: '', scripts: [] };
const NONE: PageHints = { data: '', ...NO_FILES };

/**
 * Link tags for a page path: its API answer, fetched while the app's script downloads and runs
 * (the client's first fetch of the same URL takes the preloaded answer; signed-in fetches use
 * another credentials mode so they never get the anonymous one), and its lazy code chunk with
 * what that imports, which the router would otherwise ask for only after the entry has run.
 * Unknown paths get nothing. Without Vite's manifest (no build) only the data is preloaded.
 */
export function pagePreloads(clientDir: string): PagePreloads {
  const chunks = chunkPreloads(clientDir);
  return (path) => {
    const found = matchPage(path);
    // /videos/abc: a page that can only show its error, with nothing worth fetching early.
    if (!found || ('id' in found.params && idOfSegment(found.params.id) === null)) return NONE;
    const code = chunks.get(publicPage(found.page).chunk) ?? NO_FILES;
    const read = firstReadOf(path);
    if (!read) return { data: '', ...code };
    const href = escapeHtml(read);
    return { data: `<link rel="preload" as="fetch" crossorigin href="${href}" />`, ...code };
  };
}

/** The files of each page chunk, keyed by its path under src/client/features/. */
function chunkPreloads(clientDir: string): Map<string, ChunkFiles> {
  const tags = new Map<string, ChunkFiles>();
  const file = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return tags;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  // What index.html loads already.
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) collect(manifest, key, loaded, new Set());
  }
  for (const chunk of new Set(PAGE_NAMES.map((name) => publicPage(name).chunk))) {
    const key = `src/client/features/${chunk}`;
    if (!manifest[key]) continue;
    const files = new Set<string>();
    collect(manifest, key, files, loaded);
    const scripts = [...files].filter((name) => name.endsWith('.js'));
    const styles = [...files].filter((name) => name.endsWith('.css'));
    // The page arrives drawn by the server, so its styles apply from the first paint (the app
    // finds them there and does not add them again).
    tags.set(chunk, {
      styles: styles
        .map((name) => `  <link rel="stylesheet" crossorigin href="/${name}" />\n  `)
        .join(''),
      scripts: scripts.map((name) => `/${name}`),
    });
  }
  return tags;
}

/** The files of a chunk and of its static imports, skipping those in `skip`. */
function collect(
  manifest: Record<string, ManifestChunk>,
  key: string,
  into: Set<string>,
  skip: Set<string>,
  seen = new Set<string>(),
): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const name of [chunk.file, ...(chunk.css ?? [])]) {
    if (!skip.has(name)) into.add(name);
  }
  for (const imported of chunk.imports ?? []) collect(manifest, imported, into, skip, seen);
}

/**
 * The home page's largest paint is the featured video's picture, which the app would ask for
 * only once it has run and has the page's data: a preload lets it arrive alongside the script.
 * Read from the cached home page, so it is the very picture the page will show.
 */
export function homeImagePreload(home: HomeData): string {
  const thumbnail = home.featured_video?.thumbnail;
  if (!thumbnail) return '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(thumbnail)}" />`;
}
