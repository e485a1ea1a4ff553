import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  'frame-src https://www.youtube-nocookie.com',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface ClientApp {
  /** Sends the SPA's index.html (client routes are resolved in the browser). */
  sendPage: (reply: FastifyReply) => FastifyReply;
}

/**
 * Serves the built client from `dir` when it exists: hashed assets with long caching, and
 * index.html for every page path. Without a build (API-only tests) it does nothing.
 */
export async function registerClientApp(
  app: FastifyInstance,
  dir: string,
): Promise<ClientApp | null> {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root,
    index: false,
    // Only the files that exist get routes; every other path falls through to the page.
    wildcard: false,
    setHeaders: (res, path) => {
      const hashed = path.includes(`${join(root, 'assets')}`);
      res.setHeader(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  return {
    sendPage: (reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', PAGE_POLICY)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'strict-origin-when-cross-origin')
        .send(indexHtml),
  };
}
