import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exampleVideo, secondVideo } from '@server/lib/api-examples.js';
import { answerWithExample, errorResponses } from '@server/lib/route-schema.js';
import { idParam } from '@shared/schemas/fields.js';
import { videoPageData } from '@shared/schemas/public-catalogue.js';
import { API_READS } from '@shared/public-pages.js';
import { servePublicPage } from '../public-pages/public-page.js';
import { videoPage } from './video-page.js';

/**
 * GET /api/videos/{id}: the video page, and the admin editor's loader. A private video is a 404
 * for everyone but administrators, so its existence does not leak.
 */
export async function videoRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_READS.video,
    {
      config: { access: 'public' },
      schema: {
        summary: 'A video page: the video and suggested videos',
        tags: ['catalogue'],
        params: z.object({ id: idParam }),
        response: {
          200: answerWithExample(videoPageData, {
            status: 200,
            data: { video: exampleVideo, suggestedVideos: [secondVideo] },
            message: videoPage.message,
          }),
          ...errorResponses({
            404: 'No video has that id (a private video is unknown but to administrators).',
          }),
        },
      },
    },
    async (request, reply) => servePublicPage(app, request, reply, videoPage, request.params),
  );
}
