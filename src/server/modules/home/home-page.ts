import { catalogueMessages } from '@shared/messages/catalogue.js';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { type PublicPage, videoDependency } from '../public-pages/public-page.js';
import { buildHomeData, homeVideoIds, withLikes } from './home-builder.js';

/**
 * The home page (GET /api/home, /): the featured video and the layout's rows. Administrators
 * see what visitors see, so it has no page of their own.
 */
export const homePage: PublicPage<Record<string, never>, HomeData> = {
  key: () => 'home',
  build: async ({ db }) => {
    const data = await buildHomeData(db);
    return { data, dependsOn: homeVideoIds(data).map(videoDependency) };
  },
  shown: (data) => ({ artists: [], videos: homeVideoIds(data) }),
  withLikes: (data, liked) => withLikes(data, liked.videos),
  message: catalogueMessages.homeLoaded,
  notFoundMessage: catalogueMessages.homeLoaded,
};
