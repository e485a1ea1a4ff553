import type { FastifyInstance } from 'fastify';
import { sendPage, type PageServing } from '../modules/server-render/page-serving.js';

/**
 * Unknown API paths answer a 404 envelope. Any other GET is a page of the site
 * (modules/server-render), which shows its own not-found page for paths it does not know.
 * An unknown API path counts under the general per-address limit like any API call: the rate
 * limit is added to each route, and this handler is none, so it is added here (else a flood of
 * made-up paths, each with a made-up token, would never be refused).
 */
export function registerNotFound(app: FastifyInstance, pages: PageServing | null): void {
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (pages && isPage && !path.startsWith('/api/') && path !== '/api') {
      return sendPage(pages, request, reply);
    }
    const message = `No API route ${request.method} ${path}.`;
    return reply.code(404).send({ status: 404, data: null, message });
  });
}
