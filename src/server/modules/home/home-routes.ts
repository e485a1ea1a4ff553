import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/api-envelope.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { homeData, type HomeData } from '../../../shared/schemas/public-catalogue.js';
import { ok } from '../../lib/reply.js';
import { videoDependency, type CachedPage, type PageRecipe } from '../page-cache/page-cache.js';
import { sendCachedPage } from '../page-cache/send-cached-page.js';
import { sendViewerPage } from '../likes/viewer-likes.js';
import { buildHomeData, homeVideoIds, withLikes } from './home-builder.js';

/**
 * The public home page from the page cache, built on first demand: GET /api/home answers it,
 * and the served page preloads its featured picture from it (plugins/client-app.ts).
 */
export async function cachedHomePage(app: FastifyInstance): Promise<CachedPage<HomeData>> {
  const recipe: PageRecipe<HomeData> = {
    build: async () => {
      const data = await buildHomeData(app.db);
      return { data, dependsOn: homeVideoIds(data).map(videoDependency) };
    },
    serialize: (data) => JSON.stringify(ok(data, catalogueMessages.homeLoaded)),
  };
  // The home page always exists: the builder never finds nothing.
  return (await app.pageCache.get('home', recipe))!;
}

/**
 * GET /api/home: the featured video and the layout's category rows. Served from the page cache
 * (modules/page-cache): anonymous visitors get the stored bytes; a signed-in viewer gets them
 * with their likes marked, from the viewer cache (modules/viewer-cache).
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/home',
      { schema: { tags: ['catalogue'], response: { 200: envelope(homeData) } } },
      async (request, reply) => {
        const home = await cachedHomePage(app);
        if (!request.user) return sendCachedPage(request, reply, home);
        return sendViewerPage(request, reply, app, request.user.id, {
          page: home,
          ids: { artists: [], videos: homeVideoIds(home.data) },
          answer: (liked) => ok(withLikes(home.data, liked.videos), catalogueMessages.homeLoaded),
        });
      },
    );
}
