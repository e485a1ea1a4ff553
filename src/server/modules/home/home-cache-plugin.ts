import type { FastifyInstance } from 'fastify';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { ok } from '../../lib/reply.js';
import { buildHomeData } from './home-builder.js';
import { createHomeCache, type HomeCache } from './home-cache.js';
import { createLocalInvalidation, createRedisInvalidation } from './home-invalidation.js';

declare module 'fastify' {
  interface FastifyInstance {
    homeCache: HomeCache;
  }
}

/**
 * Writes that cannot change what the home page shows. Every other successful write through the
 * API drops the cached home, so a new route is safe by default; video likes say which video they
 * touched (likes-routes.ts) and drop it only when the home shows that video.
 */
const WRITES_THE_HOME_IGNORES = new Set([
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/recovery/generate',
  'POST /api/recovery/validate',
  'POST /api/recovery/reset',
  'PUT /api/users',
  'PUT /api/users/password',
  'PUT /api/users/liked/add-artist',
  'PUT /api/users/liked/remove-artist',
  'PUT /api/users/liked/add-video',
  'PUT /api/users/liked/remove-video',
  'POST /api/admin/users',
  'PUT /api/admin/users',
]);

/** Five minutes: see HomeCacheOptions.maxAgeMs. */
const HOME_MAX_AGE_MS = 5 * 60_000;

/**
 * The public home, built once and kept until something it shows changes, on this instance and
 * (with REDIS_URL) on every other one.
 */
export function registerHomeCache(app: FastifyInstance): void {
  const url = app.config.REDIS_URL;
  const homeCache = createHomeCache({
    build: () => buildHomeData(app.db),
    serialize: (data) => JSON.stringify(ok(data, catalogueMessages.homeLoaded)),
    invalidation: url ? createRedisInvalidation(url) : createLocalInvalidation(),
    maxAgeMs: HOME_MAX_AGE_MS,
  });
  app.decorate('homeCache', homeCache);
  app.addHook('onClose', async () => homeCache.close());
  // Before the answer leaves, so whoever made the change sees it on their next read.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
      return;
    }
    if (reply.statusCode >= 400 || !request.url.startsWith('/api/')) return;
    if (WRITES_THE_HOME_IGNORES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    await homeCache.invalidate();
  });
}
