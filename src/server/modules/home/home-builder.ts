import { HOME_ROW_VIDEOS, type HomeData } from '@shared/schemas/public-catalogue.js';
import type { Database } from '@server/db/client.js';
import { listLayout } from '../tags/layout-repository.js';
import { presentVideos } from '../videos/video-presenter.js';
import {
  findFeaturedChoice,
  findNewestPublicVideo,
  listNewestPublicVideosByTag,
} from './home-repository.js';
import { markLikedVideos } from '../likes/liked-marks.js';

/**
 * The home page as an anonymous visitor sees it, in six queries whatever the layout's length.
 * Public videos only, even for administrators: the home page is what visitors see. A row whose
 * tag has no public video is left out, since it would show a title and nothing.
 */
export async function buildHomeData(db: Database): Promise<HomeData> {
  const [choice, newest, layout] = await Promise.all([
    findFeaturedChoice(db),
    findNewestPublicVideo(db),
    listLayout(db),
  ]);
  const byTag = await listNewestPublicVideosByTag(
    db,
    layout.map((row) => row.id),
    HOME_ROW_VIDEOS,
  );
  const rows = layout.filter((row) => byTag.has(row.id));
  // A link to a video outside the catalogue (or to a private one) falls back to the newest.
  const featuredRow = choice?.video ?? newest;
  const rowVideos = rows.flatMap((row) => byTag.get(row.id)!);
  const presented = await presentVideos(
    db,
    featuredRow ? [featuredRow, ...rowVideos] : rowVideos,
    null,
  );
  // By id: a video deleted since its row was read is not presented, and is left out here.
  const byId = new Map(presented.map((video) => [video.id, video]));
  const featured = (featuredRow && byId.get(featuredRow.id)) ?? null;
  const categories = rows.map((row) => ({
    id: row.id,
    title: row.name,
    videos: byTag.get(row.id)!.flatMap((video) => byId.get(video.id) ?? []),
  }));
  const featuredTitle = choice?.video ? choice.title.trim() : '';
  return {
    featured_video: featured && featuredTitle ? { ...featured, title: featuredTitle } : featured,
    categories,
  };
}

/** Every video on the page: a like of one of them changes its count. */
export function homeVideoIds(data: HomeData): number[] {
  const ids = data.categories.flatMap((row) => row.videos.map((video) => video.id));
  return data.featured_video ? [data.featured_video.id, ...ids] : ids;
}

/** The same page for a signed-in viewer: each video says whether they like it. */
export function withLikes(data: HomeData, liked: ReadonlySet<number>): HomeData {
  return {
    featured_video: data.featured_video ? markLikedVideos([data.featured_video], liked)[0]! : null,
    categories: data.categories.map((row) => ({
      ...row,
      videos: markLikedVideos(row.videos, liked),
    })),
  };
}
