import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exampleVideo, secondVideo } from '@server/lib/api-examples.js';
import { answerWithExample } from '@server/lib/route-schema.js';
import { homeData } from '@shared/schemas/public-catalogue.js';
import { API_READS } from '@shared/public-pages.js';
import { servePublicPage } from '../public-pages/public-page.js';
import { homePage } from './home-page.js';

/** GET /api/home: the featured video and the layout's category rows. */
export async function homeRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_READS.home,
    {
      config: { access: 'public' },
      schema: {
        summary: 'The home page: featured video and category rows',
        tags: ['catalogue'],
        response: {
          200: answerWithExample(homeData, {
            status: 200,
            data: {
              featured_video: exampleVideo,
              categories: [
                { id: 5, title: 'Live Performances', videos: [exampleVideo] },
                { id: 9, title: 'Honky-Tonk Nights', videos: [secondVideo] },
              ],
            },
            message: homePage.message,
          }),
        },
      },
    },
    async (request, reply) => servePublicPage(app, request, reply, homePage, {}),
  );
}
