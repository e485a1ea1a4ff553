import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '@shared/messages/api.js';
import { deleteVideoBody, updateVideoBody } from '@shared/schemas/admin-videos.js';
import { videoSchema } from '@shared/schemas/catalogue.js';
import { notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import { presentVideos } from '../videos/video-presenter.js';
import { deleteVideo, updateVideo } from './admin-videos-repository.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { exampleVideo, secondVideo } from '@server/lib/api-examples.js';

const videoNotFound = errorResponses({ 404: 'No video has that id.' });
const editedTitle = 'June Calloway – Gravel Road Home (Live at the Ryman)';

/**
 * The admin's video management: PUT /api/admin/videos (editor fields), DELETE /api/admin/videos
 * (import, title search and the featured video are files of their own, listed in routes.ts).
 */
export async function adminVideoRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.put(
    '/admin/videos',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Save a video's editor fields (title, description, episode, privacy)",
        tags: ['admin videos'],
        body: bodyWithExamples(updateVideoBody, {
          editor: {
            summary: "The editor's fields (privacy '1' public, '0' private; episode '-1' none)",
            value: {
              id: String(exampleVideo.id),
              title: editedTitle,
              description: exampleVideo.description,
              episode_number: '88',
              public_state: '1',
            },
          },
          asRead: {
            summary: 'The video as GET /api/videos/{id} answers it, edited, plus public_state',
            value: { ...exampleVideo, title: editedTitle, public_state: '1' },
          },
        }),
        response: {
          200: answerWithExample(videoSchema, {
            status: 200,
            data: { ...exampleVideo, title: editedTitle, isLiked: false },
            message: apiMessages.videoUpdated,
          }),
          ...videoNotFound,
        },
      },
    },
    async (request) => {
      const admin = callerOf(request);
      const { id, title, description, episode_number, public_state } = request.body;
      const row = await updateVideo(app.db, id, {
        title,
        description,
        episodeNumber: episode_number,
        isPublic: public_state,
      });
      if (!row) throw notFound(apiMessages.videoNotFound);
      const [video] = await presentVideos(app.db, [row], admin.id);
      return ok(video!, apiMessages.videoUpdated);
    },
  );

  routes.delete(
    '/admin/videos',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Remove a video from the catalogue (it stays on YouTube)',
        tags: ['admin videos'],
        body: bodyWithExamples(deleteVideoBody, {
          byId: {
            summary: "The video's id (a string, as the spec sends it)",
            value: { id: String(secondVideo.id) },
          },
        }),
        response: {
          200: answerWithExample(z.null(), {
            status: 200,
            data: null,
            message: apiMessages.videoDeleted,
          }),
          ...videoNotFound,
        },
      },
    },
    async (request) => {
      // The video stays on YouTube; only the catalogue entry (with its tags and likes) goes.
      if (!(await deleteVideo(app.db, request.body.id))) throw notFound(apiMessages.videoNotFound);
      return ok(null, apiMessages.videoDeleted);
    },
  );
}
