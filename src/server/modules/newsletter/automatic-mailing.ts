import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTOMATIC_MAILING_ACTOR } from './mailing-actors.js';
import { renderDraft } from './mailing-draft.js';
import { DELIVERY_JOB } from './mailing-delivery.js';
import { findEpisodes, hasAutomaticMailing, insertMailing } from './mailings-repository.js';
import { readNewsletterSettings } from './newsletter-settings.js';
import { isUniqueViolation } from '@server/db/pg-errors.js';

export const ANNOUNCE_JOB = 'newsletter-announce';
/** Waits behind a mailing being sent: retried with the runner's backoff, for about a day. */
const ANNOUNCE_ATTEMPTS = 30;

const announcePayload = z.object({
  videoIds: z.array(z.number().int().positive()).min(1).max(12),
  /** When it was queued (ISO 8601): a mailing of these episodes made since is this job's. */
  queuedAt: z.string().optional(),
});

/**
 * New public episodes (a sync's imports, the schedule's publications) are announced by a mailing
 * of their own when the back-office turned that on; queued as a job, so the import or the
 * publication never waits for it.
 */
export async function announceEpisodes(app: FastifyInstance, videoIds: number[]): Promise<void> {
  if (videoIds.length === 0 || !app.newsletter.sender) return;
  const settings = await readNewsletterSettings(app.db);
  if (!settings.auto_send) return;
  await app.jobs.enqueue(
    ANNOUNCE_JOB,
    { videoIds: videoIds.slice(0, 12), queuedAt: new Date().toISOString() },
    { maxAttempts: ANNOUNCE_ATTEMPTS },
  );
}

const subjectOf = (brand: string, titles: string[]) =>
  titles.length === 1
    ? `New on ${brand}: ${titles[0]}`
    : `${titles.length} new episodes on ${brand}`;

export function defineAnnounceJob(app: FastifyInstance): void {
  app.jobs.define(ANNOUNCE_JOB, async (job) => {
    const { videoIds, queuedAt } = announcePayload.parse(job.payload);
    // A run that stored its mailing but died before the job was marked done: not twice.
    if (queuedAt && (await hasAutomaticMailing(app.db, videoIds, new Date(queuedAt)))) return;
    const found = await findEpisodes(app.db, videoIds);
    // Only what is still public when its turn comes.
    const episodes = videoIds
      .map((id) => found.find((row) => row.id === id))
      .filter((row) => row?.isPublic === true)
      .map((row) => ({ id: row!.id, title: row!.title, thumbnail: row!.thumbnail }));
    if (episodes.length === 0) return;
    const draft = {
      subject: subjectOf(
        app.config.BRAND_NAME,
        episodes.map((episode) => episode.title),
      ),
      intro: '',
      episodes,
    };
    try {
      await insertMailing(
        app.db,
        {
          subject: draft.subject,
          intro: draft.intro,
          videoIds: episodes.map((episode) => episode.id),
          ...renderDraft(app, draft),
          automatic: true,
          createdBy: null,
          createdByEmail: AUTOMATIC_MAILING_ACTOR,
        },
        DELIVERY_JOB,
        null,
      );
    } catch (error) {
      // One mailing at a time: this one waits for the current one to end.
      if (isUniqueViolation(error)) {
        throw new Error('another mailing is being sent; retried later', { cause: error });
      }
      throw error;
    }
  });
}
