import type { FastifyInstance } from 'fastify';
import { apiMessages } from '@shared/messages/api.js';
import { HttpError } from '../lib/http-errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether shutdown has begun, so new requests are refused. */
    closing: () => boolean;
  }
}

/**
 * Once shutdown starts (SIGTERM), a request that still arrives gets a 503 envelope with
 * Retry-After and `Connection: close`, so the client retries on another instance at once.
 * Requests already in flight finish normally. (Replaces Fastify's own plain 503.)
 */
export function registerRefuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.decorate('closing', () => closing);
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    void reply.header('connection', 'close');
    throw new HttpError(503, apiMessages.shuttingDown, { 'retry-after': '1' });
  });
}
