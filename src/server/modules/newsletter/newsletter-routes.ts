import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import {
  mailingDetail,
  mailingDraftBody,
  mailingPage,
  mailingParams,
  mailingStateBody,
  mailingsQuery,
  mailingSummary,
  mailPreview,
  newsletterOverview,
  newsletterSettings,
  newsletterSettingsBody,
  previewQuery,
  type MailingDetail,
  type MailingSummary,
  type MailPreview,
} from '@shared/schemas/newsletter.js';
import { z } from 'zod';
import { isUniqueViolation } from '@server/db/pg-errors.js';
import { badGateway, conflict, notConfigured, notFound } from '@server/lib/http-errors.js';
import { created, ok } from '@server/lib/reply.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { csvFileName, csvResponse } from '../analytics/analytics-csv.js';
import { NOTHING } from '../cache-drops/write-changes.js';
import { personalise } from './mail-content.js';
import { previewFrameUrl } from './preview-frame.js';
import { checkDraft, renderDraft } from './mailing-draft.js';
import { DELIVERY_JOB } from './mailing-delivery.js';
import { presentDetail, presentMailing, presentMailings } from './mailing-presenter.js';
import {
  cancelMailing,
  countRecipients,
  findCurrentMailing,
  findFailures,
  findMailing,
  findSuggestedEpisodes,
  insertMailing,
  listMailings,
  pauseMailing,
  resumeMailing,
} from './mailings-repository.js';
import { readNewsletterSettings, saveNewsletterSettings } from './newsletter-settings.js';
import { classifySendError, unsubscribeMailto } from './newsletter-sender.js';
import {
  countSubscribers,
  findSubscriberTrend,
  findSubscription,
  subscriberChunks,
} from './subscribers-repository.js';
import { unsubscribeUrl } from './unsubscribe-link.js';
import { signUnsubscribe } from './unsubscribe-token.js';

const PAGE_SIZE = 20;
const TREND_DAYS = 30;
const EXPORT_CHUNK = 5_000;
const FAILURES_SHOWN = 50;

const exampleSummary: MailingSummary = {
  id: 7,
  subject: 'New this week: Porch Sessions with Dolly Parton',
  state: 'sending',
  automatic: false,
  created_by: 'producer@twang.example',
  created_at: '2026-11-27T15:00:00.000Z',
  finished_at: null,
  last_error: null,
  counts: {
    recipients: 41_250,
    sent: 18_400,
    failed: 3,
    skipped: 12,
    pending: 22_835,
    unsubscribes: 9,
  },
};

const exampleDetail: MailingDetail = {
  ...exampleSummary,
  intro: 'Two new episodes from the porch this week.',
  video_ids: [412, 415],
  html: '<!doctype html><html lang="en">…</html>',
  text: 'New this week: Porch Sessions with Dolly Parton\n\n…',
  failures: [{ email: 'old.address@example.com', error: '550 5.1.1 No such user', attempts: 1 }],
};

const exampleDraft = {
  subject: 'New this week: Porch Sessions with Dolly Parton',
  intro: 'Two new episodes from the porch this week.',
  video_ids: [412, 415],
};

const draftBody = bodyWithExamples(mailingDraftBody, {
  week: { summary: 'Two new episodes', value: exampleDraft },
});

const draftErrors = {
  400: 'An empty subject, no episodes, an episode that does not exist or is Private.',
};

/** The Newsletter screen (issue 32): subscribers, compose, preview, test, send, history. */
export async function newsletterRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const senderOr409 = () => {
    if (!app.newsletter.sender) throw conflict(m.mailNotConfigured);
    return app.newsletter.sender;
  };

  async function mailingOr404(id: number) {
    const row = await findMailing(app.db, id);
    if (!row) throw notFound(m.mailingNotFound);
    return row;
  }

  routes.get(
    '/admin/newsletter',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Subscribers, their trend, suggested episodes and the mailing being sent',
        description: `The count of accounts with the newsletter on, and each of the last ${TREND_DAYS} days' count at its end with who subscribed and unsubscribed that day (UTC). Suggested: Public episodes published since the last mailing.`,
        tags: ['newsletter'],
        response: {
          200: answerWithExample(newsletterOverview, {
            status: 200,
            data: {
              subscribers: 41_250,
              trend: [{ day: '2026-11-27', subscribers: 41_250, subscribed: 31, unsubscribed: 4 }],
              suggested: [
                {
                  id: 415,
                  title: 'Porch Sessions: Dolly Parton',
                  thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
                  published_at: '2026-11-26T18:00:00.000Z',
                },
              ],
              settings: { auto_send: false },
              mail_configured: true,
              current: exampleSummary,
            },
            message: 'OK',
          }),
        },
      },
    },
    async () => {
      const now = app.clock();
      const [subscribers, suggested, current, settings] = await Promise.all([
        countSubscribers(app.db),
        findSuggestedEpisodes(app.db, now),
        findCurrentMailing(app.db),
        readNewsletterSettings(app.db),
      ]);
      const trend = await findSubscriberTrend(app.db, subscribers, now, TREND_DAYS);
      return ok({
        subscribers,
        trend,
        suggested: suggested.map((episode) => ({
          id: episode.id,
          title: episode.title,
          thumbnail: episode.thumbnail,
          published_at: episode.publishedAt.toISOString(),
        })),
        settings,
        mail_configured: app.newsletter.sender !== null,
        current: current ? (await presentMailings(app.db, [current]))[0]! : null,
      });
    },
  );

  routes.put(
    '/admin/newsletter/settings',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Turn automatic mailings of new episodes on or off',
        description:
          'When on, each episode the channel sync imports as Public, or the schedule publishes, is announced by a mailing of its own (after the current one, if one is being sent). Off by default.',
        tags: ['newsletter'],
        body: bodyWithExamples(newsletterSettingsBody, {
          on: { summary: 'Announce new episodes by mail', value: { auto_send: true } },
        }),
        response: {
          200: answerWithExample(newsletterSettings, {
            status: 200,
            data: { auto_send: true },
            message: m.settingsSaved,
          }),
        },
      },
    },
    async (request) => {
      await saveNewsletterSettings(app.db, request.body);
      return ok(request.body, m.settingsSaved);
    },
  );

  // Untyped: the answer is a stream, which the typed reply (a string, per the schema) cannot say.
  app.get(
    '/admin/newsletter/subscribers.csv',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Every subscriber as CSV, streamed',
        description:
          'email, first and last name, zip code, sign-up date and the date the newsletter was turned on, in account order. Streamed in chunks, so any number of rows is fine. Each export is in the audit log.',
        tags: ['newsletter'],
        response: {
          200: csvResponse(
            'The subscribers as CSV (text/csv, a download).',
            'email,first_name,last_name,zip_code,signed_up,newsletter_since\nloretta@example.com,Loretta,Webb,37203,2026-01-04,2026-01-04\n',
          ),
        },
      },
    },
    async (request, reply) => {
      const day = app.clock().toISOString().slice(0, 10);
      const csv = stringify({
        header: true,
        columns: ['email', 'first_name', 'last_name', 'zip_code', 'signed_up', 'newsletter_since'],
        // Names are typed by fans: one starting with = or + must not run as a formula.
        escape_formulas: true,
      });
      const dateOf = (value: Date | string | null) =>
        value === null ? '' : new Date(value).toISOString().slice(0, 10);
      const rows = Readable.from(
        (async function* () {
          for await (const chunk of subscriberChunks(app.db, EXPORT_CHUNK)) {
            for (const row of chunk) {
              yield [
                row.email,
                row.firstName,
                row.lastName,
                row.zipcode,
                dateOf(row.createdAt),
                dateOf(row.newsletterSince),
              ];
            }
          }
        })(),
      );
      // pipeline, not pipe: a download the client abandons ends the reading too.
      const body = pipeline(rows, csv, (error) => {
        if (error) request.log.warn({ err: error }, 'subscribers export ended early');
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${csvFileName(app.config.BRAND_NAME, 'subscribers', day)}"`,
        )
        .send(body);
    },
  );

  routes.get(
    '/admin/newsletter/preview',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The mail a draft makes, as HTML and text, in light or dark',
        description:
          'The draft in the query: `subject`, `intro`, `video_ids` (comma separated). `theme=dark` draws the dark colours a mail client in dark mode shows. The unsubscribe link is a sample.',
        tags: ['newsletter'],
        querystring: previewQuery,
        response: {
          200: answerWithExample(mailPreview, {
            status: 200,
            data: {
              subject: exampleDraft.subject,
              html: exampleDetail.html,
              text: exampleDetail.text,
              frame_url: '/mail-preview?d=eyJkcmFmdCI6…&s=Qm9vdHM…',
            },
            message: m.previewReady,
          }),
          ...errorResponses(draftErrors),
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const draft = await checkDraft(app, request.query);
      const content = personalise(
        renderDraft(app, draft, request.query.theme),
        unsubscribeUrl(app.config.PUBLIC_URL, 'sample'),
      );
      const preview: MailPreview = {
        subject: draft.subject,
        ...content,
        frame_url: await previewFrameUrl(
          app,
          { subject: draft.subject, intro: draft.intro, video_ids: request.query.video_ids },
          request.query.theme,
        ),
      };
      return ok(preview, m.previewReady);
    },
  );

  routes.post(
    '/admin/newsletter/test',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: "Send a draft to the administrator's own address",
        description:
          'The mail a subscriber would get, headers included, to the signed-in administrator only. Its unsubscribe link is theirs.',
        tags: ['newsletter'],
        body: draftBody,
        response: {
          200: answerWithExample(z.object({ to: z.string() }), {
            status: 200,
            data: { to: 'producer@twang.example' },
            message: m.testSent,
          }),
          ...errorResponses({
            ...draftErrors,
            409: 'Mail is not configured (SMTP_URL is not set).',
            502: 'The mail server refused the message.',
            503: 'The mail server could not be reached.',
          }),
        },
      },
    },
    async (request) => {
      const sender = senderOr409();
      const draft = await checkDraft(app, request.body);
      const user = request.user!;
      const key = await app.newsletter.signingKey();
      const since = (await findSubscription(app.db, user.id))?.since ?? 0;
      const token = signUnsubscribe(key, { userId: user.id, mailingId: 0, since });
      const url = unsubscribeUrl(app.config.PUBLIC_URL, token);
      const content = personalise(renderDraft(app, draft), url);
      try {
        await sender.send({
          to: user.email,
          subject: `[Test] ${draft.subject}`,
          ...content,
          messageId: `<test-${Date.now()}-${user.id}@${new URL(app.config.PUBLIC_URL).hostname}>`,
          unsubscribeUrl: url,
          unsubscribeMailto: unsubscribeMailto(app.config.MAIL_FROM, token),
        });
      } catch (error) {
        const failure = classifySendError(error);
        request.log.warn({ err: error }, 'test mailing not sent');
        if (failure.kind === 'server-gone') throw notConfigured(m.mailServerDown);
        throw badGateway(`${m.mailServerRefused}: ${failure.message}`);
      }
      return ok({ to: user.email }, m.testSent);
    },
  );

  routes.post(
    '/admin/mailings',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Send a mailing to every subscriber',
        description: `Its recipients are everyone subscribed now; it goes out in the background at NEWSLETTER_MAILS_PER_SECOND (NEWSLETTER_BUSY_MAILS_PER_SECOND while the site is busy serving), each mail multipart with its own one-click unsubscribe (List-Unsubscribe, List-Unsubscribe-Post). One mailing is sent at a time. Follow it at GET /api/admin/mailings/{id}.`,
        tags: ['newsletter'],
        body: draftBody,
        response: {
          201: answerWithExample(mailingSummary, {
            status: 201,
            data: {
              ...exampleSummary,
              counts: {
                ...exampleSummary.counts,
                sent: 0,
                failed: 0,
                skipped: 0,
                unsubscribes: 0,
                pending: 41_250,
              },
            },
            message: m.mailingStarted,
          }),
          ...errorResponses({
            ...draftErrors,
            409: 'Mail is not configured, nobody is subscribed, or another mailing is being sent.',
          }),
        },
      },
    },
    async (request, reply) => {
      senderOr409();
      const draft = await checkDraft(app, request.body);
      const content = renderDraft(app, draft);
      const user = request.user!;
      let started: { id: number; recipients: number } | null;
      try {
        started = await insertMailing(
          app.db,
          {
            subject: draft.subject,
            intro: draft.intro,
            videoIds: draft.episodes.map((episode) => episode.id),
            ...content,
            automatic: false,
            createdBy: user.id,
            createdByEmail: user.email,
          },
          DELIVERY_JOB,
          null,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(m.mailingBusy);
        throw error;
      }
      if (!started) throw conflict(m.noSubscribers);
      const row = await mailingOr404(started.id);
      return created(
        reply,
        presentMailing(row, await countRecipients(app.db, [row.id])),
        m.mailingStarted,
      );
    },
  );

  routes.get(
    '/admin/mailings',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Past and current mailings, newest first, with their counts',
        tags: ['newsletter'],
        querystring: mailingsQuery,
        response: {
          200: answerWithExample(mailingPage, {
            status: 200,
            data: {
              mailings: [exampleSummary],
              pageInfo: { total: 1, page: 1, pageSize: PAGE_SIZE },
            },
            message: 'OK',
          }),
        },
      },
    },
    async (request) => {
      const page = request.query.page;
      const { rows, total } = await listMailings(app.db, {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      });
      return ok({
        mailings: await presentMailings(app.db, rows),
        pageInfo: { total, page, pageSize: PAGE_SIZE },
      });
    },
  );

  routes.get(
    '/admin/mailings/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'One mailing: its progress, its content as sent and the recipients that failed',
        description: `The HTML and text are as sent, with ${'`%%UNSUBSCRIBE_URL%%`'} where each recipient's own link went. At most ${FAILURES_SHOWN} failures are listed.`,
        tags: ['newsletter'],
        params: mailingParams,
        response: {
          200: answerWithExample(mailingDetail, {
            status: 200,
            data: exampleDetail,
            message: 'OK',
          }),
          ...errorResponses({ 404: 'No mailing has that id.' }),
        },
      },
    },
    async (request) => {
      const row = await mailingOr404(request.params.id);
      const [counts, failures] = await Promise.all([
        countRecipients(app.db, [row.id]),
        findFailures(app.db, row.id, FAILURES_SHOWN),
      ]);
      return ok(presentDetail(presentMailing(row, counts), row, failures));
    },
  );

  routes.put(
    '/admin/mailings/:id',
    {
      config: { access: 'admin', changes: NOTHING },
      schema: {
        summary: 'Pause, resume or cancel a mailing',
        description:
          '`paused`: the mails in flight finish, then nothing more goes until it is resumed. `sending`: resumes a paused one where it stopped. `cancelled`: nobody who has not had it gets it.',
        tags: ['newsletter'],
        params: mailingParams,
        body: bodyWithExamples(mailingStateBody, {
          pause: { summary: 'Pause it', value: { state: 'paused' } },
          resume: { summary: 'Resume it', value: { state: 'sending' } },
          cancel: { summary: 'Cancel it', value: { state: 'cancelled' } },
        }),
        response: {
          200: answerWithExample(mailingSummary, {
            status: 200,
            data: { ...exampleSummary, state: 'paused' },
            message: m.mailingPaused,
          }),
          ...errorResponses({
            404: 'No mailing has that id.',
            409: 'It has ended, or is already in that state.',
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await mailingOr404(id);
      const wanted = request.body.state;
      const changed =
        wanted === 'paused'
          ? await pauseMailing(app.db, id)
          : wanted === 'sending'
            ? await resumeMailing(app.db, id, DELIVERY_JOB, null)
            : await cancelMailing(app.db, id, null);
      if (!changed) {
        throw conflict(
          row.state === 'sent' || row.state === 'cancelled' ? m.mailingEnded : m.mailingAlready,
        );
      }
      const after = await mailingOr404(id);
      const message =
        wanted === 'paused'
          ? m.mailingPaused
          : wanted === 'sending'
            ? m.mailingResumed
            : m.mailingCancelled;
      return ok(presentMailing(after, await countRecipients(app.db, [id])), message);
    },
  );
}
