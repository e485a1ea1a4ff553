import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from '@server/lib/content-encoding.js';
import { matchesEtag } from '@server/lib/etag.js';
import type { CachedBody } from './page-cache.js';
import type { Encoding } from './page-encodings.js';

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
  void reply.type('application/json; charset=utf-8');
  return sendForm(reply, chooseForm(request.headers['accept-encoding'], page));
}

/**
 * A server-rendered page's HTML as kept in the page cache, answering 304 when the browser holds
 * these very bytes (API answers get theirs from plugins/api-etag.ts).
 */
export function sendCachedDocument<R extends FastifyReply>(
  request: FastifyRequest,
  reply: R,
  page: CachedBody,
): R {
  const form = chooseForm(request.headers['accept-encoding'], page);
  if (reply.statusCode === 200 && formMatches(request.headers['if-none-match'], form)) {
    // As an API answer's 304 (plugins/api-etag.ts): validators, no body or its type.
    void reply.code(304).header('vary', 'accept-encoding').header('etag', form.etag).send('');
    return reply;
  }
  void reply.type('text/html; charset=utf-8');
  return sendForm(reply, form);
}

/** The bytes sent for one Accept-Encoding, and their validator. */
export interface Form {
  etag: string;
  encoding: Encoding | null;
  bytes: Buffer;
}

export function chooseForm(acceptEncoding: string | undefined, page: CachedBody): Form {
  const encoding = preferredEncoding(acceptEncoding);
  const encoded = encoding ? page.encodings.get(encoding) : null;
  if (!encoding || !encoded) return { etag: page.etag, encoding: null, bytes: page.body };
  return { etag: `W/${page.etag.slice(0, -1)}-${encoding}"`, encoding, bytes: encoded };
}

/** Whether the client already holds these bytes (If-None-Match). */
export function formMatches(ifNoneMatch: string | undefined, form: Form): boolean {
  return matchesEtag(ifNoneMatch, form.etag);
}

function sendForm<R extends FastifyReply>(reply: R, form: Form): R {
  void reply.header('vary', 'accept-encoding').header('etag', form.etag);
  if (form.encoding) void reply.header('content-encoding', form.encoding);
  void reply.send(form.bytes);
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
