import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function videoRoutes(_app: FastifyInstance): Promise<void> {}
