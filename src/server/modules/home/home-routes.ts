import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/api-envelope.js';
import { catalogueMessages } from '../../../shared/messages/catalogue.js';
import {
  HOME_ROW_VIDEOS,
  homeData,
  type HomeData,
} from '../../../shared/schemas/public-catalogue.js';
import { ok } from '../../lib/reply.js';
import { presentVideos } from '../videos/video-presenter.js';
import {
  findFeaturedChoice,
  findNewestPublicVideo,
  listLayoutRows,
  listNewestPublicVideosByTag,
} from './home-repository.js';

/**
 * GET /api/home: the featured video and the layout's category rows, in six queries whatever the
 * layout's length. Public videos only, even for administrators: the home page is what visitors
 * see. A row whose tag has no public video is left out, since it would show a title and nothing.
 */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/home',
      { schema: { tags: ['catalogue'], response: { 200: envelope(homeData) } } },
      async (request) => {
        const [choice, newest, layout] = await Promise.all([
          findFeaturedChoice(app.db),
          findNewestPublicVideo(app.db),
          listLayoutRows(app.db),
        ]);
        const byTag = await listNewestPublicVideosByTag(
          app.db,
          layout.map((row) => row.tagId),
          HOME_ROW_VIDEOS,
        );
        const rows = layout.filter((row) => byTag.has(row.tagId));
        // A link to a video outside the catalogue (or to a private one) falls back to the newest.
        const featuredRow = choice?.video ?? newest;
        const rowVideos = rows.flatMap((row) => byTag.get(row.tagId)!);
        const presented = await presentVideos(
          app.db,
          featuredRow ? [featuredRow, ...rowVideos] : rowVideos,
          request.user?.id ?? null,
        );
        const featured = featuredRow ? presented.shift()! : null;
        const categories = rows.map((row) => ({
          id: row.tagId,
          title: row.title,
          videos: presented.splice(0, byTag.get(row.tagId)!.length),
        }));
        const featuredTitle = choice?.video ? choice.title.trim() : '';
        const data: HomeData = {
          featured_video:
            featured && featuredTitle ? { ...featured, title: featuredTitle } : featured,
          categories,
        };
        return ok(data, catalogueMessages.homeLoaded);
      },
    );
}
