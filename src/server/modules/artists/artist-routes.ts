import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function artistRoutes(_app: FastifyInstance): Promise<void> {}
