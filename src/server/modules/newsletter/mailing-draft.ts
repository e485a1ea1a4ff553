import type { FastifyInstance } from 'fastify';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import type { MailingDraftBody } from '@shared/schemas/newsletter.js';
import { badRequest } from '@server/lib/http-errors.js';
import { renderMail, type MailContent, type MailDraft } from './mail-content.js';
import { findEpisodes } from './mailings-repository.js';

/** A draft's episodes read and checked: each must exist and be public. */
export async function checkDraft(
  app: FastifyInstance,
  body: Pick<MailingDraftBody, 'subject' | 'intro' | 'video_ids'>,
): Promise<MailDraft> {
  const found = new Map((await findEpisodes(app.db, body.video_ids)).map((row) => [row.id, row]));
  const episodes = body.video_ids.map((id) => {
    const episode = found.get(id);
    if (!episode) throw badRequest(m.episodeMissing);
    if (!episode.isPublic) throw badRequest(m.episodePrivate);
    return { id: episode.id, title: episode.title, thumbnail: episode.thumbnail };
  });
  return { subject: body.subject, intro: body.intro, episodes };
}

export function renderDraft(
  app: FastifyInstance,
  draft: MailDraft,
  theme: 'light' | 'dark' = 'light',
): MailContent {
  return renderMail(
    draft,
    { brand: app.config.BRAND_NAME, publicUrl: app.config.PUBLIC_URL },
    theme,
  );
}
