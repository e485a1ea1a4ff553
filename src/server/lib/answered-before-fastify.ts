import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * What the lanes that answer before Fastify (public-pages/visitor-lane.ts,
 * watching/report-lane.ts) share: the headers they learn from an answer the app gave, the
 * client's address and the request log's level, each read exactly as the app reads them.
 */

/** The app's own request handler, for a request a lane took that turns out to need it. */
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The answer's headers that differ from one request to the next; every other header of a
 * learnt answer is the same for every caller it is given to.
 */
const PER_REQUEST = new Set([
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'etag',
  'content-encoding',
  'content-length',
]);

/** The headers of the app's answer that every like answer gets, flattened for writeHead. */
export function sharedHeadersOf(reply: FastifyReply): string[] {
  const headers: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (PER_REQUEST.has(name) || value === undefined) continue;
    headers.push(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

/** Every hop is trusted (TRUST_PROXY=true), as Fastify's `trustProxy: true` trusts them. */
const trustEveryHop = () => true;

/** The client's address exactly as Fastify reads it (request.ip), with the same library. */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string | undefined {
  return trustProxy ? proxyAddr(request, trustEveryHop) : request.socket.remoteAddress;
}

/** The levels at which plugins/request-log.ts writes a line for an answered request. */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

/** Whether the request log writes a line for a request answered without trouble. */
export const logsRequests = (log: FastifyBaseLogger): boolean => LOGS_REQUESTS.has(log.level);
