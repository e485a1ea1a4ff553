import { z } from 'zod';
import { newsletterMessages as m } from '../messages/newsletter.js';
import { pagedList, pageNumberField } from './paging.js';

export const SUBJECT_MAX = 150;
export const INTRO_MAX = 2000;
export const MAILING_EPISODES_MAX = 12;

const videoId = z
  .number({ error: m.episodeIdInvalid })
  .int(m.episodeIdInvalid)
  .min(1, m.episodeIdInvalid)
  .max(2_147_483_647, m.episodeIdInvalid);

const subjectField = z
  .string({ error: m.subjectRequired })
  .trim()
  .min(1, m.subjectRequired)
  .max(SUBJECT_MAX, m.subjectTooLong);
const introField = z
  .string({ error: m.introTooLong })
  .trim()
  .max(INTRO_MAX, m.introTooLong)
  .default('');
const videoIdsField = z
  .array(videoId, { error: m.episodesRequired })
  .min(1, m.episodesRequired)
  .max(MAILING_EPISODES_MAX, m.episodesTooMany)
  .refine((ids) => new Set(ids).size === ids.length, { error: m.episodesRepeated });

/** What an administrator composes: the test send and the mailing take it. */
export const mailingDraftBody = z
  .object({ subject: subjectField, intro: introField, video_ids: videoIdsField })
  .strict();
export type MailingDraftBody = z.infer<typeof mailingDraftBody>;

/**
 * The preview's draft, in the query (a read, so it is no change to log): `video_ids` comma
 * separated; `theme`, how the mail looks in a client set to light or dark.
 */
export const previewQuery = z.object({
  subject: subjectField,
  intro: introField,
  video_ids: z
    .string({ error: m.episodesRequired })
    .transform((value) =>
      value
        .split(',')
        .filter((part) => part.trim() !== '')
        .map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : Number.NaN)),
    )
    .pipe(videoIdsField),
  theme: z.enum(['light', 'dark'], { error: "theme must be 'light' or 'dark'" }).default('light'),
});

export const mailPreview = z.object({
  subject: z.string(),
  /** The whole HTML document, as a subscriber's client gets it (a sample unsubscribe link). */
  html: z.string(),
  text: z.string(),
  /** The same mail as a document of its own (/mail-preview), for a frame: signed, 15 minutes. */
  frame_url: z.string(),
});
export type MailPreview = z.infer<typeof mailPreview>;

export const mailingState = z.enum(['sending', 'paused', 'cancelled', 'sent']);
export type MailingState = z.infer<typeof mailingState>;

/** A mailing's recipients by where they stand. */
export const mailingCounts = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Not sent: unsubscribed before their turn, or the mailing was cancelled. */
  skipped: z.number().int(),
  /** Still to send (retries included). */
  pending: z.number().int(),
  /** Recipients whose link in this mailing unsubscribed them. */
  unsubscribes: z.number().int(),
});
export type MailingCounts = z.infer<typeof mailingCounts>;

export const mailingSummary = z.object({
  id: z.number().int(),
  subject: z.string(),
  state: mailingState,
  automatic: z.boolean(),
  created_by: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Why sending stopped by itself; null otherwise. */
  last_error: z.string().nullable(),
  counts: mailingCounts,
});
export type MailingSummary = z.infer<typeof mailingSummary>;

export const mailingFailure = z.object({
  email: z.string(),
  error: z.string(),
  attempts: z.number().int(),
});

/** One mailing with its content as sent and the recipients that failed. */
export const mailingDetail = mailingSummary.extend({
  intro: z.string(),
  video_ids: z.array(z.number().int()),
  html: z.string(),
  text: z.string(),
  failures: z.array(mailingFailure),
});
export type MailingDetail = z.infer<typeof mailingDetail>;

export const mailingsQuery = z.object({ page: pageNumberField.default(1) });
export const mailingPage = pagedList('mailings', mailingSummary);
export type MailingPage = z.infer<typeof mailingPage>;

export const mailingParams = z.object({
  id: z.coerce
    .number({ error: m.mailingIdInvalid })
    .int(m.mailingIdInvalid)
    .min(1, m.mailingIdInvalid)
    .max(2_147_483_647, m.mailingIdInvalid),
});

export const mailingStateBody = z
  .object({
    state: z.enum(['paused', 'sending', 'cancelled'], { error: m.mailingStateInvalid }),
  })
  .strict();

export const newsletterSettings = z.object({
  /** A mailing goes out by itself for each episode the sync imports or the schedule publishes. */
  auto_send: z.boolean(),
});
export type NewsletterSettings = z.infer<typeof newsletterSettings>;

export const newsletterSettingsBody = z
  .object({ auto_send: z.boolean({ error: m.autoSendInvalid }) })
  .strict();

export const subscriberDay = z.object({
  /** YYYY-MM-DD, UTC. */
  day: z.string(),
  subscribers: z.number().int(),
  subscribed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type SubscriberDay = z.infer<typeof subscriberDay>;

export const suggestedEpisode = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail: z.string(),
  /** ISO 8601. */
  published_at: z.string(),
});
export type SuggestedEpisode = z.infer<typeof suggestedEpisode>;

/** GET /api/admin/newsletter: the Newsletter screen. */
export const newsletterOverview = z.object({
  subscribers: z.number().int(),
  /** The last 30 days, oldest first: the count at each day's end. */
  trend: z.array(subscriberDay),
  /** Public episodes published since the last mailing (the last 30 days when none), newest first. */
  suggested: z.array(suggestedEpisode),
  settings: newsletterSettings,
  /** False when SMTP_URL is not set: nothing can be sent. */
  mail_configured: z.boolean(),
  /** The mailing being sent or paused, if any. */
  current: mailingSummary.nullable(),
});
export type NewsletterOverview = z.infer<typeof newsletterOverview>;

export const unsubscribeQuery = z.object({
  token: z.string({ error: m.tokenRequired }).min(1, m.tokenRequired).max(200, m.tokenInvalid),
});
export const unsubscribeBody = z.object({
  token: z.string({ error: m.tokenRequired }).min(1, m.tokenRequired).max(200, m.tokenInvalid),
});

/** What an unsubscribe link shows its reader: whose it is (partly hidden) and where they stand. */
export const unsubscribeState = z.object({
  /** d•••@example.com */
  email: z.string(),
  subscribed: z.boolean(),
});
export type UnsubscribeState = z.infer<typeof unsubscribeState>;
