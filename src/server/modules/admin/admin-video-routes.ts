import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function adminVideoRoutes(_app: FastifyInstance): Promise<void> {}
