import { and, eq, isNull } from 'drizzle-orm';
import { parseYoutubeId } from '@shared/schemas/youtube-url.js';
import type { Database } from '@server/db/client.js';
import { featuredVideo, videos } from '@server/db/schema.js';
import { videoColumns, type VideoListRow } from '../videos/video-presenter.js';
import { findVideoIdByYoutubeId } from './admin-videos-repository.js';

/** The featured_video table holds a single row with this id. */
const FEATURED_ROW_ID = 1;

export interface FeaturedVideoRow {
  title: string;
  link: string;
  video: VideoListRow | null;
}

export async function readFeaturedVideo(db: Database): Promise<FeaturedVideoRow | null> {
  const [row] = await db
    .select({
      title: featuredVideo.title,
      link: featuredVideo.link,
      videoId: featuredVideo.videoId,
    })
    .from(featuredVideo)
    .where(eq(featuredVideo.id, FEATURED_ROW_ID))
    .limit(1);
  if (!row) return null;
  const [video] =
    row.videoId === null
      ? []
      : await db.select(videoColumns).from(videos).where(eq(videos.id, row.videoId)).limit(1);
  return { title: row.title, link: row.link, video: video ?? null };
}

/** Saves the single featured row, pointing at the catalogue video of that YouTube link if any. */
export async function saveFeaturedVideo(db: Database, title: string, link: string): Promise<void> {
  const youtubeId = parseYoutubeId(link);
  const found = youtubeId === null ? undefined : await findVideoIdByYoutubeId(db, youtubeId);
  const videoId = found ?? null;
  const values = { title, link, videoId, updatedAt: new Date() };
  await db
    .insert(featuredVideo)
    .values({ id: FEATURED_ROW_ID, ...values })
    .onConflictDoUpdate({ target: featuredVideo.id, set: values });
}

/**
 * A featured link saved before its video was imported points at nothing; after an import this
 * connects it, so the home page can show the catalogue video.
 */
export async function linkFeaturedVideo(db: Database): Promise<void> {
  const [row] = await db
    .select({ link: featuredVideo.link })
    .from(featuredVideo)
    .where(and(eq(featuredVideo.id, FEATURED_ROW_ID), isNull(featuredVideo.videoId)))
    .limit(1);
  const youtubeId = row ? parseYoutubeId(row.link) : null;
  const videoId = youtubeId ? await findVideoIdByYoutubeId(db, youtubeId) : undefined;
  if (videoId === undefined) return;
  await db.update(featuredVideo).set({ videoId }).where(eq(featuredVideo.id, FEATURED_ROW_ID));
}
