import type { FastifyInstance } from 'fastify';
import { etagOf, matchesEtag } from '../lib/etag.js';

/**
 * Every successful API read carries an ETag, and a client that already holds those bytes gets
 * 304 with no body: the browser for anonymous reads (answered `no-cache`, see
 * security-headers.ts), the mobile app for any. A route that knows its validator already (the
 * home cache) sets it, and hashing is skipped.
 */
export function registerApiEtag(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || !request.url.startsWith('/api/')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const existing = reply.getHeader('etag');
    const etag = typeof existing === 'string' ? existing : etagOf(payload);
    void reply.header('etag', etag);
    if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
    void reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    reply.removeHeader('content-encoding');
    return '';
  });
}
