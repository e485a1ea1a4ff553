import type { FastifyRequest } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The route an API write went to, as `METHOD /api/path/:param` (what the caches' lists of
 * harmless writes name), or null for a read or a request outside the API.
 */
export function apiWriteRoute(request: FastifyRequest): string | null {
  if (READS.has(request.method) || !request.url.startsWith('/api/')) return null;
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}
