import { apiMessages } from '@shared/messages/api.js';
import { catalogueMessages } from '@shared/messages/catalogue.js';
import type { TagPageData } from '@shared/schemas/public-catalogue.js';
import { type PublicPage, videoDependency } from '../public-pages/public-page.js';
import { findTagPageJson } from './tag-page-query.js';
import { findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { markLikedVideos } from '../likes/liked-marks.js';

export interface TagPageParams {
  id: number;
  page: number;
  pageSize: number;
}

/** The category page (GET /api/tag/{id}?page=&pageSize=, /categories/{id}), one page of it. */
export const tagPage: PublicPage<TagPageParams, TagPageData> = {
  key: ({ id, page, pageSize }) => `tag/${id}?page=${page}&pageSize=${pageSize}`,
  build: async ({ db }, params) => {
    const found = await findTagPageJson(db, { ...params, includePrivate: false });
    return found && { json: found.json, dependsOn: found.videoIds.map(videoDependency) };
  },
  buildForAdmin: async ({ db }, params, adminId) => {
    const found = await findTagPageJson(db, { ...params, includePrivate: true });
    if (!found) return null;
    const data = JSON.parse(found.json) as TagPageData;
    const liked = await findLikedVideoIds(db, adminId, found.videoIds);
    return { ...data, videos: markLikedVideos(data.videos, liked) };
  },
  shown: (data) => ({ artists: [], videos: data.videos.map((video) => video.id) }),
  withLikes: (data, liked) => ({ ...data, videos: markLikedVideos(data.videos, liked.videos) }),
  message: catalogueMessages.tagLoaded,
  notFoundMessage: apiMessages.tagNotFound,
};
