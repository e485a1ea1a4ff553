import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../../lib/content-encoding.js';
import type { CachedPage } from './page-cache.js';

/**
 * A cached page as stored: no serializing, no compressing per request. Each encoding has its own
 * validator, since the bytes differ; plugins/api-etag.ts answers 304 with it.
 */
export function sendCachedPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage<T>,
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  void reply
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('etag', encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag);
  if (!encoding) return reply.send(page.body);
  void reply.header('content-encoding', encoding);
  return reply.send(page.encoded(encoding));
}
