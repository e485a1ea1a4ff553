import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Static files and thumbnails (anything outside /api with a file extension) and health checks:
 * a page view fetches dozens of them and a load balancer polls /healthz, so they are logged at
 * debug unless they fail.
 */
export function isRoutineRequest(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  if (path === '/healthz') return true;
  return !path.startsWith('/api/') && /\.[A-Za-z0-9]+$/.test(path);
}

/** A request's log line: method, address, status and milliseconds so far. */
export function requestLogLine(request: FastifyRequest, reply: FastifyReply, status: number) {
  return {
    method: request.method,
    url: request.url,
    status,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/**
 * One log line per request, written when the answer has gone (Fastify's own pair of lines per
 * request is turned off in app.ts).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    const status = reply.statusCode;
    const line = requestLogLine(request, reply, status);
    if (status >= 500) request.log.error(line, 'request failed');
    else if (isRoutineRequest(request.url) && status < 400) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
