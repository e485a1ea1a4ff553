import { apiMessages } from '@shared/messages/api.js';
import { catalogueMessages } from '@shared/messages/catalogue.js';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import { type PublicPage, videoDependency } from '../public-pages/public-page.js';
import { findVideoPageJson } from './video-page-query.js';
import { findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { markLikedVideos } from '../likes/liked-marks.js';

function videoPageIds(data: VideoPageData): number[] {
  return [data.video.id, ...data.suggestedVideos.map((video) => video.id)];
}

function withLikedVideos(data: VideoPageData, liked: ReadonlySet<number>): VideoPageData {
  return {
    video: markLikedVideos([data.video], liked)[0]!,
    suggestedVideos: markLikedVideos(data.suggestedVideos, liked),
  };
}

/** The video page (GET /api/videos/{id}, /videos/{id}): a video and its suggestions. */
export const videoPage: PublicPage<{ id: number }, VideoPageData> = {
  key: ({ id }) => `videos/${id}`,
  build: async ({ db }, { id }) => {
    const page = await findVideoPageJson(db, id, { includePrivate: false });
    return page && { json: page.json, dependsOn: page.shownIds.map(videoDependency) };
  },
  buildForAdmin: async ({ db }, { id }, adminId) => {
    const page = await findVideoPageJson(db, id, { includePrivate: true });
    if (!page) return null;
    const liked = await findLikedVideoIds(db, adminId, page.shownIds);
    return withLikedVideos(JSON.parse(page.json) as VideoPageData, liked);
  },
  shown: (data) => ({ artists: [], videos: videoPageIds(data) }),
  withLikes: (data, liked) => withLikedVideos(data, liked.videos),
  message: catalogueMessages.videoLoaded,
  notFoundMessage: apiMessages.videoNotFound,
};
