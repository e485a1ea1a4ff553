import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function accountRoutes(_app: FastifyInstance): Promise<void> {}
