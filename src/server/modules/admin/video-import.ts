import { apiMessages } from '@shared/messages/api.js';
import type { ChannelImportResult } from '@shared/schemas/admin-videos.js';
import type { Database } from '@server/db/client.js';
import { conflict, notFound } from '@server/lib/http-errors.js';
import { conflictWhenTaken } from '@server/lib/constraint-errors.js';
import type { VideoListRow } from '../videos/video-presenter.js';
import type { YoutubeClient, YoutubeVideoDetails } from '../youtube/youtube-client.js';
import {
  existingYoutubeIds,
  findVideoIdByYoutubeId,
  insertVideo,
  insertVideosSkippingDuplicates,
  type NewVideo,
} from './admin-videos-repository.js';
import { episodeNumberFromTitle } from './episode-number.js';
import { linkFeaturedVideo } from './featured-video-repository.js';
import { callYoutube } from './youtube-failures.js';

function toNewVideo(details: YoutubeVideoDetails, isPublic: boolean, adminId: number): NewVideo {
  return {
    youtubeId: details.youtubeId,
    title: details.title,
    description: details.description,
    thumbnail: details.thumbnail,
    episodeNumber: episodeNumberFromTitle(details.title),
    isPublic,
    // oEmbed does not tell the publish date; the import date stands in for it.
    publishedAt: details.publishedAt ?? new Date(),
    createdBy: adminId,
  };
}

/**
 * Imports one video as Private: the admin completes the form and publishes it. 409 when it is
 * already in the catalogue (checked first, so no YouTube quota is spent), 404 when YouTube has none.
 */
export async function importOneVideo(
  db: Database,
  youtube: YoutubeClient,
  youtubeId: string,
  adminId: number,
): Promise<VideoListRow> {
  if ((await findVideoIdByYoutubeId(db, youtubeId)) !== undefined) {
    throw conflict(apiMessages.videoAlreadyImported);
  }
  const details = await callYoutube(() => youtube.fetchVideo(youtubeId));
  if (!details) throw notFound(apiMessages.youtubeVideoMissing);
  // Two admins importing the same video at once: the second one loses the race.
  return conflictWhenTaken(apiMessages.videoAlreadyImported, async () => {
    const row = await insertVideo(db, toNewVideo(details, false, adminId));
    await linkFeaturedVideo(db);
    return row;
  });
}

/**
 * Imports the channel's uploads that are not in the catalogue yet, with their original publish
 * dates; videos public on YouTube are Public here, the others Private.
 */
export async function importChannelUploads(
  db: Database,
  youtube: YoutubeClient,
  adminId: number,
): Promise<ChannelImportResult> {
  const uploads = await callYoutube(() => youtube.listChannelUploads());
  const known = await existingYoutubeIds(
    db,
    uploads.map((video) => video.youtubeId),
  );
  // Oldest first, so catalogue ids grow with the publish date like weekly imports would.
  const fresh = uploads
    .filter((video) => !known.has(video.youtubeId))
    .reverse()
    .map((video) => toNewVideo(video, video.privacyStatus === 'public', adminId));
  const added = await insertVideosSkippingDuplicates(db, fresh);
  if (added > 0) await linkFeaturedVideo(db);
  return { added, skipped: uploads.length - added };
}
