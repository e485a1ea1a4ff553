import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function tagsRoutes(_app: FastifyInstance): Promise<void> {}
