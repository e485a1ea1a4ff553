import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/api-envelope.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { homeData, type HomeData } from '../../../shared/schemas/public-catalogue.js';
import { ok } from '../../lib/reply.js';
import { videoDependency, type PageRecipe } from '../page-cache/page-cache.js';
import { sendCachedPage } from '../page-cache/send-cached-page.js';
import { sendViewerPage } from '../likes/viewer-likes.js';
import { buildHomeData, homeVideoIds, withLikes } from './home-builder.js';

/**
 * GET /api/home: the featured video and the layout's category rows. Served from the page cache
 * (modules/page-cache): anonymous visitors get the stored bytes; a signed-in viewer gets them
 * with their likes marked, from the viewer cache (modules/viewer-cache).
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  const homePage: PageRecipe<HomeData> = {
    build: async () => {
      const data = await buildHomeData(app.db);
      return { data, dependsOn: homeVideoIds(data).map(videoDependency) };
    },
    serialize: (data) => JSON.stringify(ok(data, catalogueMessages.homeLoaded)),
  };

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/home',
      { schema: { tags: ['catalogue'], response: { 200: envelope(homeData) } } },
      async (request, reply) => {
        // The home page always exists: the builder never finds nothing.
        const home = (await app.pageCache.get('home', homePage))!;
        if (!request.user) return sendCachedPage(request, reply, home);
        return sendViewerPage(request, reply, app, request.user.id, {
          page: home,
          ids: { artists: [], videos: homeVideoIds(home.data) },
          answer: (liked) => ok(withLikes(home.data, liked.videos), catalogueMessages.homeLoaded),
        });
      },
    );
}
