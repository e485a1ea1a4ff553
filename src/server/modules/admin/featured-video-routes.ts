import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '@shared/messages/api.js';
import {
  featuredVideoBody,
  featuredVideoSchema,
  type FeaturedVideo,
} from '@shared/schemas/admin-videos.js';
import { ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import { presentVideos } from '../videos/video-presenter.js';
import { readFeaturedVideo, saveFeaturedVideo } from './featured-video-repository.js';
import { exampleVideo } from '@server/lib/api-examples.js';
import { answerWithExample, bodyWithExamples } from '@server/lib/route-schema.js';

const featured: FeaturedVideo = {
  title: 'This week: June Calloway live',
  link: exampleVideo.link,
  video: { ...exampleVideo, isLiked: false },
};
const theFeatured = (message: string) =>
  answerWithExample(featuredVideoSchema, { status: 200, data: featured, message });

/** GET and PUT /api/admin/videos/featured: the home page's featured video (title and link). */
export async function featuredVideoRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function currentFeatured(viewerId: number): Promise<FeaturedVideo> {
    const row = await readFeaturedVideo(app.db);
    if (!row) return { title: '', link: '', video: null };
    const [video] = row.video ? await presentVideos(app.db, [row.video], viewerId) : [];
    return { title: row.title, link: row.link, video: video ?? null };
  }

  routes.get(
    '/admin/videos/featured',
    {
      config: { access: 'admin' },
      schema: {
        summary: "The home page's featured video (title and link)",
        tags: ['admin videos'],
        response: { 200: theFeatured('OK') },
      },
    },
    async (request) => {
      const admin = callerOf(request);
      return ok(await currentFeatured(admin.id));
    },
  );

  routes.put(
    '/admin/videos/featured',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Set the home page's featured video (title and YouTube link)",
        tags: ['admin videos'],
        body: bodyWithExamples(featuredVideoBody, {
          form: {
            summary: 'A title and any YouTube link',
            value: { title: featured.title, link: `https://youtu.be/${exampleVideo.youtube_id}` },
          },
        }),
        response: { 200: theFeatured(apiMessages.featuredVideoUpdated) },
      },
    },
    async (request) => {
      const admin = callerOf(request);
      await saveFeaturedVideo(app.db, request.body.title, request.body.link);
      return ok(await currentFeatured(admin.id), apiMessages.featuredVideoUpdated);
    },
  );
}
