import { catalogueMessages } from '@shared/messages/catalogue.js';
import type { SearchData } from '@shared/schemas/public-catalogue.js';
import { artistDependency, type PublicPage, videoDependency } from '../public-pages/public-page.js';
import { searchCatalogue } from './search-repository.js';
import { findLikedArtistIds, findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { markLikedArtists, markLikedVideos } from '../likes/liked-marks.js';

export interface SearchPageParams {
  query: string;
  page: number;
  pageSize: number;
}

function withLikes(
  data: SearchData,
  liked: { artists: ReadonlySet<number>; videos: ReadonlySet<number> },
): SearchData {
  return {
    ...data,
    artists: markLikedArtists(data.artists, liked.artists),
    videos: markLikedVideos(data.videos, liked.videos),
  };
}

/** The search results page (GET /api/search/{query}?page=&pageSize=, /search/{query}). */
export const searchPage: PublicPage<SearchPageParams, SearchData> = {
  key: ({ query, page, pageSize }) => `search/${query}?page=${page}&pageSize=${pageSize}`,
  build: async ({ db, searchOrders }, { query, page, pageSize }) => {
    const search = { term: query, page, pageSize, includePrivate: false };
    const found = await searchCatalogue(db, searchOrders, search);
    return {
      json: found.json,
      dependsOn: [...found.artistIds.map(artistDependency), ...found.videoIds.map(videoDependency)],
    };
  },
  buildForAdmin: async ({ db, searchOrders }, { query, page, pageSize }, adminId) => {
    const search = { term: query, page, pageSize, includePrivate: true };
    const found = await searchCatalogue(db, searchOrders, search);
    const [artists, videos] = await Promise.all([
      findLikedArtistIds(db, adminId, found.artistIds),
      findLikedVideoIds(db, adminId, found.videoIds),
    ]);
    return withLikes(JSON.parse(found.json) as SearchData, { artists, videos });
  },
  shown: (data) => ({
    artists: data.artists.map((artist) => artist.id),
    videos: data.videos.map((video) => video.id),
  }),
  withLikes: (data, liked) => withLikes(data, liked),
  message: catalogueMessages.searchDone,
  notFoundMessage: catalogueMessages.searchDone,
};
