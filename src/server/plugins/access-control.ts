import type { FastifyInstance } from 'fastify';
import { secondFactorMessages } from '@shared/messages/second-factor.js';
import { forbidden } from '../lib/http-errors.js';
import { requireAdmin, requireUser } from './authentication.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route stays open to an administrator who must enrol a second factor first (the
     * enrolment itself, signing out); every other signed-in route refuses them until they do.
     */
    duringEnrolment?: true;
  }
}

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
    // A held session (plugins/authentication.ts) may call the enrolment's routes, and reads.
    const held = request.user?.mustEnrol && !request.routeOptions.config.duringEnrolment;
    if (held && access !== 'public') throw forbidden(secondFactorMessages.enrolFirst);
    if (access === 'admin') requireAdmin(request);
  });
}
