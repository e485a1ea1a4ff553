import type { FastifyInstance } from 'fastify';
import { accessOf } from '../access-table.js';
import { requireAdmin, requireUser } from './authentication.js';

/** Applies the access table to every /api route before its input is validated. */
export function registerAccessControl(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/')) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const access = accessOf(method, route);
    if (access === 'user') requireUser(request);
    if (access === 'admin') requireAdmin(request);
  });
}
