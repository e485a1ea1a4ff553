import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HomeSnapshot } from './home-cache.js';

/** The encodings a client accepts, from its Accept-Encoding header (q=0 means refused). */
function accepts(request: FastifyRequest, encoding: 'br' | 'gzip'): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    return name.trim() === encoding && !refused;
  });
}

/**
 * The anonymous home as stored: no serializing, no compressing per request. Each encoding has
 * its own validator, since the bytes differ; plugins/api-etag.ts answers 304 with it.
 */
export function sendStoredHome(
  request: FastifyRequest,
  reply: FastifyReply,
  home: HomeSnapshot,
): FastifyReply {
  const [encoding, bytes] = accepts(request, 'br')
    ? (['br', home.brotli] as const)
    : accepts(request, 'gzip')
      ? (['gzip', home.gzip] as const)
      : ([null, home.body] as const);
  void reply
    .type('application/json; charset=utf-8')
    .header('vary', 'accept-encoding')
    .header('etag', encoding ? `${home.etag.slice(0, -1)}-${encoding}"` : home.etag);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.send(bytes);
}
