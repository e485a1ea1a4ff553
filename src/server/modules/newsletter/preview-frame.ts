import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import { mailingDraftBody, type MailingDraftBody } from '@shared/schemas/newsletter.js';
import { HttpError } from '@server/lib/http-errors.js';
import { personalise } from './mail-content.js';
import { checkDraft, renderDraft } from './mailing-draft.js';
import { unsubscribeUrl } from './unsubscribe-link.js';

/** Where the back-office's preview frame loads the mail from. */
export const PREVIEW_FRAME_PATH = '/mail-preview';
/** A preview address works this long: the screen asks for a new one with each change. */
const PREVIEW_SECONDS = 15 * 60;

/**
 * The mail's own policy: its inline styles and any https image, nothing that runs, and only this
 * site may frame it. The pages' policy (style-src 'self') would strip a mail's inline styles.
 */
const FRAME_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src https: data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join(';');

const framePayload = z.object({
  draft: mailingDraftBody,
  theme: z.enum(['light', 'dark']),
  until: z.number().int(),
});

const sign = (key: Buffer, data: string) =>
  createHmac('sha256', key).update(`preview:${data}`).digest('base64url');

/**
 * A frame can carry no Bearer token, so its address carries the draft, signed with the
 * newsletter's key and expiring: only the back-office (which asked the API for it) can make one.
 */
export async function previewFrameUrl(
  app: FastifyInstance,
  draft: MailingDraftBody,
  theme: 'light' | 'dark',
): Promise<string> {
  const data = Buffer.from(
    JSON.stringify({ draft, theme, until: Math.floor(Date.now() / 1000) + PREVIEW_SECONDS }),
  ).toString('base64url');
  const key = await app.newsletter.signingKey();
  return `${PREVIEW_FRAME_PATH}?d=${data}&s=${sign(key, data)}`;
}

/** GET /mail-preview?d=…&s=…: the mail as a document of its own, for the preview's frame. */
export async function previewFrameRoutes(app: FastifyInstance): Promise<void> {
  app.get(PREVIEW_FRAME_PATH, { schema: { hide: true } }, async (request, reply) => {
    void reply
      .header('content-security-policy', FRAME_POLICY)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store');
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const data = query.get('d') ?? '';
    const signature = Buffer.from(query.get('s') ?? '');
    const expected = Buffer.from(sign(await app.newsletter.signingKey(), data));
    const payload =
      signature.length === expected.length && timingSafeEqual(signature, expected)
        ? framePayload.safeParse(
            JSON.parse(Buffer.from(data, 'base64url').toString('utf8') || 'null'),
          )
        : null;
    if (!payload?.success || payload.data.until < Date.now() / 1000) {
      return reply.code(403).type('text/plain; charset=utf-8').send(m.previewExpired);
    }
    try {
      const draft = await checkDraft(app, payload.data.draft);
      const content = personalise(
        renderDraft(app, draft, payload.data.theme),
        unsubscribeUrl(app.config.PUBLIC_URL, 'sample'),
      );
      return reply.type('text/html; charset=utf-8').send(content.html);
    } catch (error) {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).type('text/plain; charset=utf-8').send(error.message);
      }
      throw error;
    }
  });
}
