import { sql } from 'drizzle-orm';
import { CHANNEL_SYNC_ACTION } from '@shared/audit-actions.js';
import type { ImportPrivacy, SyncSettings } from '@shared/schemas/channels.js';
import type { Database } from '@server/db/client.js';
import { queryRows } from '@server/db/query-rows.js';
import { episodeNumberFromTitle } from '../admin/episode-number.js';
import type { YoutubeUploadDetails } from '../youtube/youtube-client.js';

/** Who the audit log names for the sync's imports. */
export const CHANNEL_SYNC_ACTOR = 'channel sync';

interface Placement {
  isPublic: boolean;
  publishAt: Date | null;
}

function isPublicBy(privacy: ImportPrivacy, details: YoutubeUploadDetails): boolean {
  if (privacy === 'public') return true;
  if (privacy === 'private') return false;
  return details.privacyStatus === 'public';
}

/**
 * Public or Private as the settings say; a premiere still to come, with "publish at premiere" on,
 * comes in Private and is published at its start (modules/publishing).
 */
export function placementOf(
  details: YoutubeUploadDetails,
  settings: SyncSettings,
  now: Date,
): Placement {
  const start = details.scheduledStartAt;
  if (
    settings.publish_at_premiere &&
    details.liveBroadcastContent === 'upcoming' &&
    start &&
    start.getTime() > now.getTime()
  ) {
    return { isPublic: false, publishAt: start };
  }
  return { isPublic: isPublicBy(settings.import_privacy, details), publishAt: null };
}

/**
 * Adds one upload and its audit entry in one statement, or nothing when the catalogue has it
 * already (another instance's sync, a push, an admin's import): an upload is never in twice, nor
 * in without its entry. The new video's id, or null when it was there.
 */
export async function importUpload(
  db: Database,
  details: YoutubeUploadDetails,
  placement: Placement,
): Promise<number | null> {
  const publishedAt = (details.publishedAt ?? new Date()).toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH added AS (
          INSERT INTO videos (youtube_id, title, description, thumbnail, episode_number,
                              is_public, published_at, publish_at)
          VALUES (${details.youtubeId}, ${details.title}, ${details.description},
                  ${details.thumbnail}, ${episodeNumberFromTitle(details.title)},
                  ${placement.isPublic}, ${publishedAt}::timestamptz,
                  ${placement.publishAt?.toISOString() ?? null}::timestamptz)
          ON CONFLICT (youtube_id) DO NOTHING
          RETURNING id, title
        ), audited AS (
          INSERT INTO audit_log (actor_id, actor_email, action, target_id, target_name, status_code)
          SELECT NULL, ${CHANNEL_SYNC_ACTOR}, ${CHANNEL_SYNC_ACTION}, id::text, title, 201
          FROM added
        )
        SELECT id FROM added`,
  );
  return rows[0]?.id ?? null;
}
