import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function recoveryRoutes(_app: FastifyInstance): Promise<void> {}
