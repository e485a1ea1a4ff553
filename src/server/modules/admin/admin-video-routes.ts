import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '@shared/messages/api.js';
import { adminVideosMessages as m } from '@shared/messages/admin-videos.js';
import {
  deleteVideoBody,
  PUBLISH_AT_MAX_YEARS,
  updateVideoBody,
} from '@shared/schemas/admin-videos.js';
import { videoSchema } from '@shared/schemas/catalogue.js';
import { badRequestWhenChecked } from '@server/lib/constraint-errors.js';
import { badRequest, notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import { presentVideos } from '../videos/video-presenter.js';
import { deleteVideo, updateVideo } from './admin-videos-repository.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { exampleVideo, secondVideo } from '@server/lib/api-examples.js';

const videoNotFound = errorResponses({ 404: 'No video has that id.' });
const badPublishTime = errorResponses({
  400: 'A field is missing or invalid, or `publish_at` is not a future time within 5 years, or it is given for a video saved Public.',
});

/** A publish time must be to come, not too far, and for a video that stays Private till then. */
function checkPublishTime(at: Date, publicState: boolean | undefined, now: Date): void {
  if (publicState === true) throw badRequest(m.publishAtButPublic);
  if (at.getTime() <= now.getTime()) throw badRequest(m.publishAtPast);
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + PUBLISH_AT_MAX_YEARS);
  if (at > latest) throw badRequest(m.publishAtTooFar);
}
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
        summary:
          "Save a video's editor fields (title, description, episode, privacy, publish time)",
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
          scheduled: {
            summary: 'Private until a time, then Public by itself (publish_at null clears it)',
            value: {
              id: String(exampleVideo.id),
              title: editedTitle,
              description: exampleVideo.description,
              public_state: '0',
              publish_at: '2030-12-06T19:00:00-06:00',
            },
          },
        }),
        response: {
          200: answerWithExample(videoSchema, {
            status: 200,
            data: { ...exampleVideo, title: editedTitle, isLiked: false },
            message: apiMessages.videoUpdated,
          }),
          ...badPublishTime,
          ...videoNotFound,
        },
      },
    },
    async (request) => {
      const admin = callerOf(request);
      const { id, title, description, episode_number, public_state, publish_at } = request.body;
      if (publish_at) checkPublishTime(publish_at, public_state, app.clock());
      // A schedule kept on a video that is Public now: the row's CHECK refuses it.
      const row = await badRequestWhenChecked(m.publishAtButPublic, () =>
        updateVideo(app.db, id, {
          title,
          description,
          episodeNumber: episode_number,
          isPublic: public_state,
          publishAt: publish_at,
        }),
      );
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
