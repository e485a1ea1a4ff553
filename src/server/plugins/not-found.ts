import type { FastifyInstance } from 'fastify';

/** Unknown API paths answer a 404 envelope; the client app (when built) serves every other path. */
export function registerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const message = `No API route ${request.method} ${request.url.split('?')[0]}.`;
    return reply.code(404).send({ status: 404, data: null, message });
  });
}
