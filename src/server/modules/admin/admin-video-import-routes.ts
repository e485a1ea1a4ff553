import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '@shared/messages/api.js';
import {
  channelImportResult,
  importVideoBody,
  importVideosQuery,
} from '@shared/schemas/admin-videos.js';
import { videoSchema, type Video } from '@shared/schemas/catalogue.js';
import { created, ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import { presentVideos } from '../videos/video-presenter.js';
import { importChannelUploads, importOneVideo } from './video-import.js';
import { errorEnvelope } from '@shared/api-envelope.js';
import { EVERYTHING } from '../cache-drops/write-changes.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { answerCreated } from '@server/lib/answer-created.js';
import { videoOf } from '@server/lib/api-examples.js';

const youtubeErrors = {
  ...errorResponses({
    401: "No token or an expired one (with `WWW-Authenticate`); or YouTube refused the server's key (a bad key, a spent quota): the message asks the administrator to sign in to YouTube (no `WWW-Authenticate`, the session stays).",
    502: 'YouTube did not answer usably (timeout, network failure, 5xx or bad JSON).',
  }),
  503: errorEnvelope.meta({
    description:
      'The server is not set up for this call: the channel import needs `YOUTUBE_API_KEY` and `YOUTUBE_CHANNEL_ID`, and the message names the one missing (the session stays; retrying will not help until it is set). Or, as for every call: the database is not answering, or the server is overloaded or shutting down (retry later).',
    examples: [{ status: 503, data: null, message: apiMessages.youtubeNoApiKey }],
  }),
};
const oneVideoErrors = errorResponses({
  404: 'YouTube has no video with that id (or it is private).',
  409: 'That video is already in the catalogue.',
});

/**
 * A video just imported: Private, untagged, with YouTube's title, description and publish date,
 * and no episode number until an administrator gives it one.
 */
const importedVideo: Video = videoOf(151, 'Vb7yN4kEw2s', {
  title: 'Tammy Hale – Porch Light Waltz (Acoustic Session)',
  description: 'Tammy Hale and her mandolin, recorded on the back porch of the studio.',
  public_state: false,
  published_at: '2025-03-21T17:30:00.000Z',
  isLiked: false,
});
const imported = (description: string) =>
  answerCreated(videoSchema, importedVideo, apiMessages.videoImported).describe(description);

/** GET /api/admin/videos/import (one link, or the whole channel) and POST /api/admin/videos {id}. */
export async function adminVideoImportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function importAndPresent(youtubeId: string, adminId: number) {
    const row = await importOneVideo(app.db, app.youtube, youtubeId, adminId);
    const [video] = await presentVideos(app.db, [row], adminId);
    return video!;
  }

  routes.get(
    '/admin/videos/import',
    {
      // A read that writes: the spec made the import a GET.
      config: { access: 'admin', changes: EVERYTHING },
      schema: {
        summary: "Import one video (?link=) or the channel's recent uploads (no link)",
        tags: ['admin videos'],
        querystring: importVideosQuery,
        response: {
          200: answerWithExample(channelImportResult, {
            status: 200,
            data: { added: 3, skipped: 47 },
            message: apiMessages.videosImported,
          }).describe("The channel's uploads were imported: how many were added and skipped."),
          201: imported('The video of ?link= was imported (Private).'),
          ...youtubeErrors,
          ...oneVideoErrors,
        },
      },
    },
    async (request, reply) => {
      const admin = callerOf(request);
      const { link } = request.query;
      if (link === undefined) {
        const result = await importChannelUploads(app.db, app.youtube, admin.id);
        return ok(result, apiMessages.videosImported);
      }
      return created(reply, await importAndPresent(link, admin.id), apiMessages.videoImported);
    },
  );

  routes.post(
    '/admin/videos',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Import one video by its YouTube id or link',
        tags: ['admin videos'],
        body: bodyWithExamples(importVideoBody, {
          id: { summary: 'A YouTube video id', value: { id: importedVideo.youtube_id } },
          link: {
            summary: 'Or any YouTube link',
            value: { id: `https://youtu.be/${importedVideo.youtube_id}` },
          },
        }),
        response: {
          201: imported('Imported (Private).'),
          ...youtubeErrors,
          ...oneVideoErrors,
        },
      },
    },
    async (request, reply) => {
      const admin = callerOf(request);
      const video = await importAndPresent(request.body.id, admin.id);
      return created(reply, video, apiMessages.videoImported);
    },
  );
}
