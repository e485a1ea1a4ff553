import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function adminDashboardRoutes(_app: FastifyInstance): Promise<void> {}
