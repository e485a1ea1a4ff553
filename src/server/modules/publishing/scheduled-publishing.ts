import type { FastifyInstance } from 'fastify';
import { SCHEDULED_PUBLISH_ACTION } from '@shared/audit-actions.js';
import { insertAuditEntries } from '../audit/audit-repository.js';
import { EVERYTHING } from '../cache-drops/write-changes.js';
import { publishDueVideos, type PublishedVideo } from './scheduled-videos-repository.js';

/** The schedule's name in job_schedules. */
export const PUBLISH_SCHEDULE = 'publish-scheduled-videos';
/**
 * How often due videos are looked for: an episode goes Public within this (plus the runner's
 * poll, JOBS_POLL_MS) of its time. The look is one indexed UPDATE that finds nothing most times.
 */
const CHECK_EVERY_SECONDS = 5;
/** Who the audit log names for what the schedule did. */
export const SCHEDULED_PUBLISH_ACTOR = 'scheduled publishing';

/**
 * Publishes what is due now: turns it Public, drops the cached pages of every instance (the
 * drop is broadcast, cache-invalidation.ts), and records each video in the audit log.
 */
export async function publishDue(app: FastifyInstance): Promise<PublishedVideo[]> {
  const published = await publishDueVideos(app.db, app.clock());
  if (published.length === 0) return published;
  // As an administrator's edit of a video (PUT /api/admin/videos) drops them.
  await app.dropCaches(EVERYTHING);
  await insertAuditEntries(
    app.db,
    published.map((video) => ({
      actorId: null,
      actorEmail: SCHEDULED_PUBLISH_ACTOR,
      action: SCHEDULED_PUBLISH_ACTION,
      targetId: String(video.id),
      targetName: video.title,
      statusCode: 200,
    })),
  );
  app.log.info({ videos: published.map((video) => video.id) }, 'scheduled videos published');
  return published;
}

/** A Private video given a publish time turns Public at that time, once across instances. */
export function registerScheduledPublishing(app: FastifyInstance): void {
  app.jobs.every(PUBLISH_SCHEDULE, CHECK_EVERY_SECONDS, async () => {
    await publishDue(app);
  });
}
