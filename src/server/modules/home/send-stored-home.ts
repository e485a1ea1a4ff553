import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '../../lib/content-encoding.js';
import type { HomeSnapshot } from './home-cache.js';

/**
 * The anonymous home as stored: no serializing, no compressing per request. Each encoding has
 * its own validator, since the bytes differ; plugins/api-etag.ts answers 304 with it.
 */
export function sendStoredHome(
  request: FastifyRequest,
  reply: FastifyReply,
  home: HomeSnapshot,
): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const bytes = encoding === 'br' ? home.brotli : encoding === 'gzip' ? home.gzip : home.body;
  void reply
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('etag', encoding ? `${home.etag.slice(0, -1)}-${encoding}"` : home.etag);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
