import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../../lib/content-encoding.js';
import type { CachedBody } from './page-cache.js';

/**
 * A cached page (or one of its signed-in variants) as stored: no serializing, no compressing per
 * request. A compressed answer's validator is weak and names its encoding: its bytes are
 * remade at a better setting after a few sends (page-encodings.ts) but always decode to the same
 * body. plugins/api-etag.ts answers 304 with it.
 */
export function sendCachedPage<R extends FastifyReply>(
  request: FastifyRequest,
  reply: R,
  page: CachedBody,
): R {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? page.encodings.get(encoding) : null;
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!encoding || !encoded) {
    void reply.header('etag', page.etag).send(page.body);
  } else {
    void reply
      .header('etag', `W/${page.etag.slice(0, -1)}-${encoding}"`)
      .header('content-encoding', encoding)
      .send(encoded);
  }
  return reply;
}

/**
 * A cached page marked for a signed-in viewer, written with JSON.stringify rather than the
 * route's response serializer: that one checks the whole page against its schema on every
 * request (a fifth of a signed-in page's CPU), and this page's data was built by the same code
 * as the visitors' stored bytes, with only `isLiked` added.
 */
export function sendMarkedPage<R extends FastifyReply>(reply: R, answer: unknown): R {
  void reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
  return reply;
}
