import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../../lib/content-encoding.js';
import type { CachedBody } from './page-cache.js';

/**
 * A cached page (or one of its signed-in variants) as stored: no serializing, no compressing per
 * request. Each encoding has its own
 * validator, since the bytes differ; plugins/api-etag.ts answers 304 with it.
 */
export function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedBody,
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

/**
 * A cached page marked for a signed-in viewer, written with JSON.stringify rather than the
 * route's response serializer: that one checks the whole page against its schema on every
 * request (a fifth of a signed-in page's CPU), and this page's data was built by the same code
 * as the visitors' stored bytes, with only `isLiked` added.
 */
export function sendMarkedPage(reply: FastifyReply, answer: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
}
