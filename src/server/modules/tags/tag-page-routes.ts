import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function tagPageRoutes(_app: FastifyInstance): Promise<void> {}
