import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@shared/messages/api.js';
import { watchingMessages } from '@shared/messages/watching.js';
import { idParam } from '@shared/schemas/fields.js';
import {
  MY_LIST_MAX,
  WATCH_PAGE_SIZE,
  continueWatchingSchema,
  historyPausedBody,
  historyPausedSchema,
  historySchema,
  myListIdsSchema,
  myListSchema,
  myListStateSchema,
  watchPageQuery,
  type ContinueWatchingItem,
  type History,
  type MyList,
} from '@shared/schemas/watching.js';
import { conflict, notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { exampleVideo, secondVideo } from '@server/lib/api-examples.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import type { Database } from '@server/db/client.js';
import { requireSelf } from '@server/plugins/authentication.js';
import {
  addToMyList,
  deleteHistory,
  hideFromContinueWatching,
  removeFromMyList,
  setHistoryPaused,
} from './watching-repository.js';
import {
  findContinueWatchingJson,
  findHistoryJson,
  findMyListIds,
  findMyListJson,
} from './watching-query.js';
import { NOTHING } from '../cache-drops/write-changes.js';

const userParams = z.object({ id: idParam });
const userVideoParams = z.object({ id: idParam, videoId: idParam });
const notYours = errorResponses({
  403: 'The id is not your own account: only its owner reads it.',
});
const notYoursToChange = errorResponses({
  403: 'The id is not your own account: only its owner changes it.',
});
// A fan's own lists are in no cached page, and are not part of a session or of likes.
const ownWrite = { access: 'user', changes: NOTHING, touchesCatalogue: false } as const;
const videoDone = z.object({ videoId: z.number().int() });
const watchedAt = '2025-03-14T20:31:07.000Z';

/** Continue Watching, watch history and My List: each fan's own, through their own id only. */
export async function watchListRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users/:id/continue-watching',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Continue Watching: the fan’s unfinished videos, most recent first (at most 12)',
        tags: ['watching'],
        params: userParams,
        response: {
          200: answerWithExample(continueWatchingSchema, {
            status: 200,
            data: [
              {
                ...exampleVideo,
                progress: { position: 754.2, duration: 2710, updated_at: watchedAt },
              },
            ],
            message: watchingMessages.continueWatchingListed,
          }),
          ...notYours,
        },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const list = JSON.parse(
        await findContinueWatchingJson(app.db, request.params.id),
      ) as ContinueWatchingItem[];
      return ok(list, watchingMessages.continueWatchingListed);
    },
  );

  /**
   * A DELETE of one video from the fan's Continue Watching or history. Reports waiting in the
   * batch are written first, so none brings the video back.
   */
  const removeOneRoute = (
    path: string,
    docs: { summary: string; description?: string },
    message: string,
    remove: (db: Database, userId: number, videoId: number) => Promise<unknown>,
  ) =>
    routes.delete(
      path,
      {
        config: ownWrite,
        schema: {
          ...docs,
          tags: ['watching'],
          params: userVideoParams,
          response: {
            200: answerWithExample(videoDone, {
              status: 200,
              data: { videoId: exampleVideo.id },
              message,
            }),
            ...notYoursToChange,
          },
        },
      },
      async (request) => {
        const { id, videoId } = request.params;
        requireSelf(request, id);
        await app.watching.batch.flush();
        await remove(app.db, id, videoId);
        return ok({ videoId }, message);
      },
    );

  removeOneRoute(
    '/users/:id/continue-watching/:videoId',
    {
      summary: 'Remove a video from Continue Watching',
      description: 'It stays in the history, and comes back when the fan plays it again.',
    },
    watchingMessages.continueWatchingRemoved,
    hideFromContinueWatching,
  );

  routes.get(
    '/users/:id/history',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The fan’s watch history, most recent first, a page at a time',
        tags: ['watching'],
        params: userParams,
        querystring: watchPageQuery,
        response: {
          200: answerWithExample(historySchema, {
            status: 200,
            data: {
              items: [
                {
                  video: exampleVideo,
                  position: 754.2,
                  duration: 2710,
                  finished: false,
                  watched_at: watchedAt,
                },
                {
                  video: secondVideo,
                  position: 1804,
                  duration: 1810,
                  finished: true,
                  watched_at: '2025-03-12T19:02:44.000Z',
                },
              ],
              page: 1,
              pageSize: WATCH_PAGE_SIZE,
              total: 2,
              paused: false,
            },
            message: watchingMessages.historyListed,
          }),
          ...notYours,
        },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.params.id);
      const page = { userId: caller.id, includePrivate: caller.isAdmin, ...request.query };
      const history = JSON.parse(await findHistoryJson(app.db, page)) as History;
      return ok(history, watchingMessages.historyListed);
    },
  );

  removeOneRoute(
    '/users/:id/history/:videoId',
    { summary: 'Remove a video from the watch history (and its resume point)' },
    watchingMessages.historyItemRemoved,
    deleteHistory,
  );

  routes.delete(
    '/users/:id/history',
    {
      config: ownWrite,
      schema: {
        summary: 'Clear the whole watch history (and every resume point)',
        tags: ['watching'],
        params: userParams,
        response: {
          200: answerWithExample(z.object({ removed: z.number().int() }), {
            status: 200,
            data: { removed: 14 },
            message: watchingMessages.historyCleared,
          }),
          ...notYoursToChange,
        },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      await app.watching.batch.flush();
      const removed = await deleteHistory(app.db, request.params.id, null);
      return ok({ removed }, watchingMessages.historyCleared);
    },
  );

  routes.put(
    '/users/:id/history/paused',
    {
      config: ownWrite,
      schema: {
        summary: 'Pause or resume the watch history',
        description:
          'While paused nothing is added to the history or to resume points; views still count.',
        tags: ['watching'],
        params: userParams,
        body: bodyWithExamples(historyPausedBody, {
          pause: { summary: 'Pause the history', value: { paused: true } },
        }),
        response: {
          200: answerWithExample(historyPausedSchema, {
            status: 200,
            data: { paused: true },
            message: watchingMessages.historyPaused,
          }),
          ...notYoursToChange,
        },
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      const { paused } = request.body;
      await app.watching.batch.flush();
      await setHistoryPaused(app.db, request.params.id, paused);
      return ok(
        { paused },
        paused ? watchingMessages.historyPaused : watchingMessages.historyResumed,
      );
    },
  );

  routes.get(
    '/users/:id/list',
    {
      config: { access: 'user' },
      schema: {
        summary: 'My List: the videos the fan kept for later, most recently added first',
        tags: ['watching'],
        params: userParams,
        querystring: watchPageQuery,
        response: {
          200: answerWithExample(myListSchema, {
            status: 200,
            data: {
              videos: [exampleVideo, secondVideo],
              pageInfo: { total: 2, page: 1, pageSize: WATCH_PAGE_SIZE },
            },
            message: watchingMessages.myListListed,
          }),
          ...notYours,
        },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.params.id);
      const page = { userId: caller.id, includePrivate: caller.isAdmin, ...request.query };
      const list = JSON.parse(await findMyListJson(app.db, page)) as MyList;
      return ok(list, watchingMessages.myListListed);
    },
  );

  routes.get(
    '/users/:id/list/ids',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The ids of every video in My List (to mark cards), most recently added first',
        tags: ['watching'],
        params: userParams,
        response: {
          200: answerWithExample(myListIdsSchema, {
            status: 200,
            data: [exampleVideo.id, secondVideo.id],
            message: watchingMessages.myListIds,
          }),
          ...notYours,
        },
      },
    },
    async (request) => {
      const caller = requireSelf(request, request.params.id);
      return ok(await findMyListIds(app.db, caller.id, caller.isAdmin), watchingMessages.myListIds);
    },
  );

  routes.put(
    '/users/:id/list/:videoId',
    {
      config: ownWrite,
      schema: {
        summary: 'Add a video to My List',
        description: `Adding one already there changes nothing. At most ${MY_LIST_MAX} videos.`,
        tags: ['watching'],
        params: userVideoParams,
        response: {
          200: answerWithExample(myListStateSchema, {
            status: 200,
            data: { videoId: exampleVideo.id, inList: true },
            message: watchingMessages.myListAdded,
          }),
          ...errorResponses({
            403: 'The id is not your own account: only its owner changes it.',
            404: 'No video has that id (private videos are unknown to fans).',
            409: `My List holds ${MY_LIST_MAX} videos already.`,
          }),
        },
      },
    },
    async (request) => {
      const { id, videoId } = request.params;
      const caller = requireSelf(request, id);
      const result = await addToMyList(app.db, id, videoId, caller.isAdmin, MY_LIST_MAX);
      if (result === 'unknown') throw notFound(apiMessages.videoNotFound);
      if (result === 'full') throw conflict(watchingMessages.myListFull);
      return ok({ videoId, inList: true }, watchingMessages.myListAdded);
    },
  );

  routes.delete(
    '/users/:id/list/:videoId',
    {
      config: ownWrite,
      schema: {
        summary: 'Remove a video from My List',
        description: 'Removing one that is not there changes nothing.',
        tags: ['watching'],
        params: userVideoParams,
        response: {
          200: answerWithExample(myListStateSchema, {
            status: 200,
            data: { videoId: exampleVideo.id, inList: false },
            message: watchingMessages.myListRemoved,
          }),
          ...notYoursToChange,
        },
      },
    },
    async (request) => {
      const { id, videoId } = request.params;
      requireSelf(request, id);
      await removeFromMyList(app.db, id, videoId);
      return ok({ videoId, inList: false }, watchingMessages.myListRemoved);
    },
  );
}
