import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: routes not written yet.
export async function adminArtistRoutes(_app: FastifyInstance): Promise<void> {}
