import { catalogueMessages } from '@shared/messages/catalogue.js';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import type { FastifyInstance } from 'fastify';
import type { CachedPage } from '../public-pages/page-cache.js';
import { cachedPublicPage, type PublicPage, videoDependency } from '../public-pages/public-page.js';
import { buildHomeData, homeVideoIds, withLikes } from './home-builder.js';

/**
 * The home page (GET /api/home, /): the featured video and the layout's rows. Administrators
 * see what visitors see, so it has no page of their own.
 */
export const homePage: PublicPage<Record<string, never>, HomeData> = {
  key: () => 'home',
  build: async (db) => {
    const data = await buildHomeData(db);
    return { data, dependsOn: homeVideoIds(data).map(videoDependency) };
  },
  shown: (data) => ({ artists: [], videos: homeVideoIds(data) }),
  withLikes: (data, liked) => withLikes(data, liked.videos),
  message: catalogueMessages.homeLoaded,
  notFoundMessage: catalogueMessages.homeLoaded,
};

/**
 * The public home page from the page cache, built on first demand: GET /api/home answers it,
 * and the served page preloads its featured picture from it (plugins/client-app.ts).
 */
export async function cachedHomePage(app: FastifyInstance): Promise<CachedPage<HomeData>> {
  // The home page always exists: the builder never finds nothing.
  return (await cachedPublicPage(app, homePage, {}))!;
}
