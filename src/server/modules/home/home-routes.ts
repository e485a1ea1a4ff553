import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/api-envelope.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import { homeData } from '../../../shared/schemas/public-catalogue.js';
import { ok } from '../../lib/reply.js';
import { findLikedVideoIds } from '../videos/video-presenter.js';
import { withLikes } from './home-builder.js';
import { sendStoredHome } from './send-stored-home.js';

/**
 * GET /api/home: the featured video and the layout's category rows. Served from the home cache
 * (modules/home/home-cache.ts): anonymous visitors get the stored bytes; a signed-in viewer gets
 * them with their likes marked, at the cost of one query.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/home',
      { schema: { tags: ['catalogue'], response: { 200: envelope(homeData) } } },
      async (request, reply) => {
        const home = await app.homeCache.current();
        if (!request.user) return sendStoredHome(request, reply, home);
        const liked = await findLikedVideoIds(app.db, request.user.id, [...home.videoIds]);
        return ok(withLikes(home.data, liked), catalogueMessages.homeLoaded);
      },
    );
}
