import type { FastifyInstance } from 'fastify';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import { HttpError } from '@server/lib/http-errors.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-link.js';
import { unsubscribeWith } from './unsubscribe.js';

/** RFC 8058's body is one short field; anything larger is not a mail client's. */
const BODY_LIMIT = 4096;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * POST /unsubscribe?token=…: the one-click unsubscribe a mail client sends to the List-Unsubscribe
 * address (RFC 8058), with `List-Unsubscribe=One-Click` as its body. The same address opened
 * (GET) is the page for people. Outside /api: mail clients speak forms, not the API's envelope.
 */
export async function unsubscribeOneClickRoutes(app: FastifyInstance): Promise<void> {
  // The body is not needed (the token is in the address); it is read only so it is accepted.
  app.addContentTypeParser(
    FORM_TYPES,
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    const token = new URLSearchParams(request.url.split('?')[1] ?? '').get('token');
    if (!token) return reply.code(400).send(m.tokenRequired);
    try {
      const { message } = await unsubscribeWith(app, token, 'One-click (mail client)');
      return reply.code(200).send(message);
    } catch (error) {
      if (error instanceof HttpError) return reply.code(error.statusCode).send(error.message);
      throw error;
    }
  });
}
