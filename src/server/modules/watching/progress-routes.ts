import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@shared/messages/api.js';
import { watchingMessages } from '@shared/messages/watching.js';
import { idParam } from '@shared/schemas/fields.js';
import {
  PLAYED_PER_REPORT_MAX,
  progressAcceptedSchema,
  progressReportBody,
  progressSchema,
  type Progress,
} from '@shared/schemas/watching.js';
import { badRequest, notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { requireSelf } from '@server/plugins/authentication.js';
import { LIMITS, routeLimit } from '../abuse/abuse-limits.js';
import { findProgress } from './watching-query.js';
import { PROGRESS_PATH, planReport, reportProblem } from './progress-report.js';
import { NOTHING } from '../cache-drops/write-changes.js';

/**
 * Reports are counted per fan by account, and per visitor by address alone: a key with the user
 * agent in it would give a flood a fresh allowance with every made-up browser name.
 */
const reporterKey = (request: FastifyRequest): string =>
  request.user ? `u${request.user.id}` : `a${(request.ip as string | undefined) ?? 'disconnected'}`;

/** How many visitors' reports one address may send, as if that many watched at once. */
const VISITORS_PER_ADDRESS = 6;

/** Reporting playback (views, resume points) and reading a resume point. */
export async function progressRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limit = routeLimit(app, LIMITS.progressReports);

  routes.post(
    PROGRESS_PATH,
    {
      // Reports change no cached page (view counts may lag by the page cache's max age) and no
      // session or like.
      config: {
        access: 'public',
        changes: NOTHING,
        touchesCatalogue: false,
        rateLimit: {
          ...limit.rateLimit,
          keyGenerator: reporterKey,
          // An address may be a household or an office watching at once; a fan is one person.
          max: (request: FastifyRequest) =>
            request.user ? limit.rateLimit.max : limit.rateLimit.max * VISITORS_PER_ADDRESS,
        },
      },
      // A report the lane read and handed back (report-lane.ts) is parsed from the bytes it read.
      preParsing: async (request, _reply, payload) =>
        app.reportLane.replayed(request.raw) ?? payload,
      schema: {
        summary: 'Report playback of a video (views, resume point, history)',
        description:
          'Sent by the player every 10–15 s while playing, on pause, at the end and when the page ' +
          'is left (sendBeacon with a Blob of type application/json, or fetch keepalive). ' +
          '`played` is the playback since the previous report of this page view (at most ' +
          `${PLAYED_PER_REPORT_MAX} s are credited), \`total_played\` since the page was opened: ` +
          'a view counts once `total_played` reaches 30 s (half the video when it is shorter than ' +
          'a minute), at most once per viewer and video every 6 hours. For a signed-in fan the ' +
          'position is saved as their resume point (unless their history is paused). Written in ' +
          'batches within about a second, hence 202.',
        tags: ['watching'],
        params: z.object({ id: idParam }),
        body: bodyWithExamples(progressReportBody, {
          playing: {
            summary: 'A report while playing',
            value: { position: 754.2, duration: 2710, played: 12.1, total_played: 92.4 },
          },
        }),
        response: {
          202: answerWithExample(progressAcceptedSchema, {
            status: 202,
            data: { position: 754.2, finished: false },
            message: watchingMessages.progressSaved,
          }).describe('Accepted: written within about a second.'),
          ...errorResponses({ 404: 'No video has that id (private videos are unknown to fans).' }),
        },
      },
    },
    async (request, reply) => {
      const problem = reportProblem(request.body);
      if (problem !== null) throw badRequest(problem);
      const videoId = request.params.id;
      const video = await app.watching.visibility(videoId);
      if (!video || (!video.isPublic && !request.user?.isAdmin)) {
        throw notFound(apiMessages.videoNotFound);
      }
      const planned = await planReport(app.watching.viewKeys, videoId, request.body, {
        userId: request.user?.id ?? null,
        address: (request.ip as string | undefined) ?? '',
        userAgent: request.headers['user-agent'] ?? '',
      });
      if (planned.write) app.watching.batch.add(planned.write);
      void reply.code(202);
      return { status: 202, data: planned.answer, message: watchingMessages.progressSaved };
    },
  );

  routes.get(
    '/users/:id/progress/:videoId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Where a fan resumes a video',
        description:
          'Position 0 (and `updated_at` null) when the fan has not played it, and 0 when they ' +
          'finished it: a finished episode starts from the beginning.',
        tags: ['watching'],
        params: z.object({ id: idParam, videoId: idParam }),
        response: {
          200: answerWithExample(progressSchema, {
            status: 200,
            data: {
              position: 754.2,
              duration: 2710,
              finished: false,
              updated_at: '2025-03-14T20:31:07.000Z',
            },
            message: watchingMessages.progressFound,
          }),
          ...errorResponses({ 403: 'The id is not your own account.' }),
        },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const stored = await findProgress(app.db, request.params.id, request.params.videoId);
      const progress: Progress = stored
        ? { ...stored, position: stored.finished ? 0 : stored.position }
        : { position: 0, duration: 0, finished: false, updated_at: null };
      return ok(progress, watchingMessages.progressFound);
    },
  );
}
