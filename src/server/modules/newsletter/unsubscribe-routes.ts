import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import { unsubscribeBody, unsubscribeQuery, unsubscribeState } from '@shared/schemas/newsletter.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { unsubscribeStateOf, unsubscribeWith } from './unsubscribe.js';

const exampleToken = '12.7.1764230400.Qm9vdHNBbmRTdGV0c29uSGF0';
const tokenErrors = {
  400: 'The token was cut short, changed or made up.',
  404: 'The account no longer exists.',
  409: 'The link is from before the subscriber subscribed again: it no longer works.',
};

/**
 * The unsubscribe page's calls: no sign-in, the signed token is the permission. The one-click
 * POST a mail client makes (RFC 8058) is unsubscribe-one-click-routes.ts, outside /api.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/newsletter/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whose an unsubscribe link is, and whether they are subscribed (changes nothing)',
        description:
          'The address is partly hidden. A mail client’s prefetch of this changes nothing.',
        tags: ['newsletter'],
        querystring: unsubscribeQuery,
        response: {
          200: answerWithExample(unsubscribeState, {
            status: 200,
            data: { email: 'l•••@example.com', subscribed: true },
            message: m.subscribed,
          }),
          ...errorResponses(tokenErrors),
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const state = await unsubscribeStateOf(app, request.query.token);
      return ok(state, state.subscribed ? m.subscribed : m.alreadyUnsubscribed);
    },
  );

  routes.post(
    '/newsletter/unsubscribe',
    {
      config: { access: 'public', changes: NOTHING },
      schema: {
        summary: 'Unsubscribe with the token of a newsletter’s link',
        description:
          'Turns the newsletter off for the link’s subscriber and notes it in the audit log and on the mailing. The same link again answers 200 (already unsubscribed). Re-subscribing is done from the account.',
        tags: ['newsletter'],
        body: bodyWithExamples(unsubscribeBody, {
          link: { summary: 'The token of a newsletter’s link', value: { token: exampleToken } },
        }),
        response: {
          200: answerWithExample(unsubscribeState, {
            status: 200,
            data: { email: 'l•••@example.com', subscribed: false },
            message: m.unsubscribed,
          }),
          ...errorResponses(tokenErrors),
        },
      },
    },
    async (request) => {
      const { state, message } = await unsubscribeWith(app, request.body.token, 'Unsubscribe page');
      return ok(state, message);
    },
  );
}
