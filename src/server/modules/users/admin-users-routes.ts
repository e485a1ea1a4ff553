import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function adminUsersRoutes(_app: FastifyInstance): Promise<void> {}
