import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@shared/messages/api.js';
import { peopleMessages } from '@shared/messages/people.js';
import { idParam } from '@shared/schemas/fields.js';
import {
  LIKED_PAGE_SIZE,
  artistLikeBody,
  likedArtistsSchema,
  likedListQuery,
  likedVideosSchema,
  type LikedArtists,
  type LikedVideos,
  likeStateSchema,
  videoLikeBody,
  type LikeState,
} from '@shared/schemas/likes.js';
import { notFoundWhenGone } from '@server/lib/constraint-errors.js';
import { notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { requireSelf, requireSelfOrAdmin } from '@server/plugins/authentication.js';
import {
  artistPages,
  changesOfBody,
  videoPages,
  viewerLikes,
} from '../cache-drops/write-changes.js';
import { findUserById } from '../users/users-repository.js';
import {
  findLikedArtistsJson,
  findLikedVideosJson,
  setArtistLike,
  setVideoLike,
} from './likes-repository.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import {
  exampleAccount,
  exampleArtist,
  exampleVideo,
  secondArtist,
} from '@server/lib/api-examples.js';
import { findLikedArtistIds, findLikedVideoIds } from './liked-ids-repository.js';
import { markLikedArtists, markLikedVideos } from './liked-marks.js';

const listErrors = errorResponses({
  403: 'The id is not your own account. Only administrators read others.',
  404: 'No account has that id.',
});
const userParams = z.object({ id: idParam });

/** The liked lists of an account, and liking / unliking artists and videos. */
export async function likesRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function requireListOwner(request: FastifyRequest, userId: number) {
    const caller = requireSelfOrAdmin(request, userId);
    if (!(await findUserById(app.db, userId))) throw notFound(apiMessages.userNotFound);
    return caller;
  }

  routes.get(
    '/users/:id/liked-artists',
    {
      config: { access: 'user' },
      schema: {
        summary: 'List the artists an account liked, newest like first',
        tags: ['likes'],
        params: userParams,
        querystring: likedListQuery,
        response: {
          200: answerWithExample(likedArtistsSchema, {
            status: 200,
            data: {
              artists: [exampleArtist, secondArtist].map((artist) => ({
                ...artist,
                isLiked: true,
              })),
              pageInfo: { total: 2, page: 1, pageSize: LIKED_PAGE_SIZE },
            },
            message: peopleMessages.likedArtistsListed,
          }),
          ...listErrors,
        },
      },
    },
    async (request) => {
      const caller = await requireListOwner(request, request.params.id);
      const page = { userId: request.params.id, ...request.query };
      const list = JSON.parse(await findLikedArtistsJson(app.db, page)) as LikedArtists;
      // The owner likes every one of them; an administrator looking sees their own likes.
      const liked =
        caller.id === page.userId
          ? new Set(list.artists.map((artist) => artist.id))
          : await findLikedArtistIds(
              app.db,
              caller.id,
              list.artists.map((artist) => artist.id),
            );
      return ok(
        { ...list, artists: markLikedArtists(list.artists, liked) },
        peopleMessages.likedArtistsListed,
      );
    },
  );

  routes.get(
    '/users/:id/liked-videos',
    {
      config: { access: 'user' },
      schema: {
        summary: 'List the videos an account liked, newest like first',
        tags: ['likes'],
        params: userParams,
        querystring: likedListQuery,
        response: {
          200: answerWithExample(likedVideosSchema, {
            status: 200,
            data: {
              videos: [{ ...exampleVideo, isLiked: true }],
              pageInfo: { total: 1, page: 1, pageSize: LIKED_PAGE_SIZE },
            },
            message: peopleMessages.likedVideosListed,
          }),
          ...listErrors,
        },
      },
    },
    async (request) => {
      const caller = await requireListOwner(request, request.params.id);
      const page = { userId: request.params.id, includePrivate: caller.isAdmin, ...request.query };
      const list = JSON.parse(await findLikedVideosJson(app.db, page)) as LikedVideos;
      const liked =
        caller.id === page.userId
          ? new Set(list.videos.map((video) => video.id))
          : await findLikedVideoIds(
              app.db,
              caller.id,
              list.videos.map((video) => video.id),
            );
      return ok(
        { ...list, videos: markLikedVideos(list.videos, liked) },
        peopleMessages.likedVideosListed,
      );
    },
  );

  const likeState = (liked: boolean) =>
    answerWithExample(likeStateSchema, {
      status: 200,
      data: { isLiked: liked, like_count: liked ? 128 : 127 },
      message: liked ? apiMessages.liked : apiMessages.unliked,
    }).describe(
      'Done (liking twice or unliking what is not liked changes nothing): the new state and count.',
    );
  const notYourLikes = 'The userId is not your own account: likes are changed by their owner only.';
  // A like changes only the count on the pages showing what it touched, and the liker's likes.
  const artistLikeRules = {
    access: 'user',
    changes: changesOfBody((body: z.output<typeof artistLikeBody>) => [
      artistPages(body.artistId),
      viewerLikes(body.userId),
    ]),
  } as const;
  const videoLikeRules = {
    access: 'user',
    changes: changesOfBody((body: z.output<typeof videoLikeBody>) => [
      videoPages(body.episodeId),
      viewerLikes(body.userId),
    ]),
  } as const;

  for (const liked of [true, false]) {
    routes.put(
      liked ? '/users/liked/add-artist' : '/users/liked/remove-artist',
      {
        config: artistLikeRules,
        schema: {
          summary: liked ? 'Like an artist' : 'Unlike an artist',
          tags: ['likes'],
          body: bodyWithExamples(artistLikeBody, {
            own: {
              summary: 'Your account and the artist',
              value: { userId: exampleAccount.id, artistId: exampleArtist.id },
            },
          }),
          response: {
            200: likeState(liked),
            ...errorResponses({ 403: notYourLikes, 404: 'No artist has that id.' }),
          },
        },
      },
      async (request) => {
        const { userId, artistId } = request.body;
        requireSelf(request, userId);
        // A like of something deleted in the meantime is a 404 like any unknown id.
        const result = await notFoundWhenGone(apiMessages.artistNotFound, () =>
          setArtistLike(app.db, userId, artistId, liked),
        );
        if (!result) throw notFound(apiMessages.artistNotFound);
        const state: LikeState = { isLiked: liked, like_count: result.likeCount };
        return ok(state, liked ? apiMessages.liked : apiMessages.unliked);
      },
    );

    routes.put(
      liked ? '/users/liked/add-video' : '/users/liked/remove-video',
      {
        config: videoLikeRules,
        schema: {
          summary: liked ? 'Like a video' : 'Unlike a video',
          tags: ['likes'],
          body: bodyWithExamples(videoLikeBody, {
            own: {
              summary: 'Your account and the video',
              value: { userId: exampleAccount.id, episodeId: exampleVideo.id },
            },
          }),
          response: {
            200: likeState(liked),
            ...errorResponses({
              403: notYourLikes,
              404: 'No video has that id (private videos are unknown to fans).',
            }),
          },
        },
      },
      async (request) => {
        const { userId, episodeId } = request.body;
        const caller = requireSelf(request, userId);
        // One statement: a private video does not exist for anyone but administrators, and an
        // unknown or hidden one answers no row, with nothing written.
        const result = await notFoundWhenGone(apiMessages.videoNotFound, () =>
          setVideoLike(app.db, userId, episodeId, liked, caller.isAdmin),
        );
        if (!result) throw notFound(apiMessages.videoNotFound);
        const state: LikeState = { isLiked: liked, like_count: result.likeCount };
        return ok(state, liked ? apiMessages.liked : apiMessages.unliked);
      },
    );
  }
}
