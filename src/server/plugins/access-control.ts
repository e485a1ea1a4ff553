import type { FastifyInstance } from 'fastify';
import { requireAdmin, requireUser } from './authentication.js';

/**
 * Applies each API route's access rule (its `config.access`, lib/route-rules.ts) before its input
 * is validated. A route without one cannot be added: the app refuses to start.
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Unknown paths (no route) go on to the 404 answer.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const access = request.routeOptions.config.access ?? 'admin';
    if (access === 'user') requireUser(request);
    if (access === 'admin') requireAdmin(request);
  });
}
