import type { FastifyInstance } from 'fastify';

const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  // API answers are data, never documents: nothing in them may run or be framed.
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
} as const;

/** Headers every API answer carries. Pages get their own policy where the client is served. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/healthz') return;
    void reply.headers(API_HEADERS);
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
}
