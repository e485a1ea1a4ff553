import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors.js';

const NUL_MESSAGE = 'The request contains a NUL character, which no field accepts.';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL reaching a query fails inside the database. It is
 * refused here, once, for the URL and for JSON bodies, instead of in every route.
 */
export function registerRejectNul(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw badRequest(NUL_MESSAGE);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (/\\u0000/i.test(text)) {
      done(badRequest(NUL_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
