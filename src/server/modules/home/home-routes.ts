import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function homeRoutes(_app: FastifyInstance): Promise<void> {}
