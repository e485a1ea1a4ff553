import { existsSync, readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (theme-init.js, the logo) may change with a deploy: short, then revalidated. */
const SHORT = 'public, max-age=300';
const PRECOMPRESSED = /\.(?:br|gz)$/;

/**
 * Serves the built client's files from `dir` when it exists: hashed assets with long caching,
 * and the few files beside index.html. Pages (index.html, drawn or not) are answered by
 * modules/server-render/page-serving.ts; robots.txt and the sitemap by modules/seo.
 *
 * The build writes .br and .gz twins of every compressible file (scripts/compress-client.ts);
 * @fastify/static sends the one the client accepts, so no static file is compressed per request.
 */
export async function registerClientApp(app: FastifyInstance, dir: string): Promise<void> {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) return;
  const assets = join(root, 'assets') + sep;
  const twinned = filesWithTwins(root);
  const setHeaders = (res: { setHeader: (name: string, value: string) => void }, path: string) => {
    const original = path.replace(PRECOMPRESSED, '');
    res.setHeader('cache-control', original.startsWith(assets) ? IMMUTABLE : SHORT);
    // A cache in between must keep the encodings apart.
    if (twinned.has(original)) res.setHeader('vary', 'accept-encoding');
  };
  const shared = {
    index: false,
    preCompressed: true,
    // send's own `max-age=0` would otherwise be written over setHeaders' choice.
    cacheControl: false,
    setHeaders,
  } as const;
  // The hashed assets: one route for the folder, so starting does not glob and register a
  // route per file (~250 routes, ~130 ms of a cold start). A missing file, or a twin asked for
  // by name (the twins are reached through their originals), falls through to the page.
  await app.register(fastifyStatic, {
    ...shared,
    root: assets,
    prefix: '/assets/',
    wildcard: true,
    allowedPath: (pathname) => !PRECOMPRESSED.test(pathname),
  });
  // The few files beside index.html: only those that exist get routes. The raw template is
  // not a page.
  await app.register(fastifyStatic, {
    ...shared,
    root,
    wildcard: false,
    decorateReply: false,
    // Vite's manifest (.vite/) is read at start for the preloads, and is nobody else's business.
    globIgnore: ['index.html', 'assets/**', '.vite/**', '**/*.br', '**/*.gz'],
  });
}

/** Absolute paths of the files the build compressed (those that have a .br or .gz beside them). */
function filesWithTwins(root: string): Set<string> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  return new Set(
    files
      .filter((file) => PRECOMPRESSED.test(file))
      .map((file) => join(root, file).replace(PRECOMPRESSED, '')),
  );
}
