import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function likesRoutes(_app: FastifyInstance): Promise<void> {}
