import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function searchRoutes(_app: FastifyInstance): Promise<void> {}
