import type { FastifyInstance } from 'fastify';
import { EVERYTHING } from '../cache-drops/write-changes.js';
import { publishDueVideos, type PublishedVideo } from './scheduled-videos-repository.js';

/** The schedule's name in job_schedules. */
export const PUBLISH_SCHEDULE = 'publish-scheduled-videos';
/**
 * How often due videos are looked for: an episode goes Public within this (plus the runner's
 * poll, JOBS_POLL_MS) of its time. The look is one indexed UPDATE that finds nothing most times.
 */
const CHECK_EVERY_SECONDS = 5;

/**
 * Publishes what is due now (turned Public and audited together), then drops the cached pages of
 * every instance (the drop is broadcast, cache-invalidation.ts). A drop that fails is logged:
 * the videos are public, and the pages catch up when their max age runs out.
 */
export async function publishDue(app: FastifyInstance): Promise<PublishedVideo[]> {
  const published = await publishDueVideos(app.db, app.clock());
  if (published.length === 0) return published;
  app.log.info({ videos: published.map((video) => video.id) }, 'scheduled videos published');
  try {
    // As an administrator's edit of a video (PUT /api/admin/videos) drops them.
    await app.dropCaches(EVERYTHING);
  } catch (error) {
    app.log.error({ err: error }, 'cached pages could not be dropped after scheduled publishing');
  }
  try {
    await app.newsletter.announce(published.map((video) => video.id));
  } catch (error) {
    app.log.error({ err: error }, 'newly published episodes could not be announced by mail');
  }
  return published;
}

/** A Private video given a publish time turns Public at that time, once across instances. */
export function registerScheduledPublishing(app: FastifyInstance): void {
  app.jobs.every(PUBLISH_SCHEDULE, CHECK_EVERY_SECONDS, async () => {
    await publishDue(app);
  });
}
