import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exampleVideo } from '@server/lib/api-examples.js';
import { answerWithExample } from '@server/lib/route-schema.js';
import {
  adminVideoSearchParams,
  adminVideoSearchQuery,
  adminVideoSearchResult,
  type AdminVideoSearchResult,
} from '@shared/schemas/admin-videos.js';
import { ok } from '@server/lib/reply.js';
import { callerOf } from '@server/plugins/authentication.js';
import { correctedQueryText } from '../search/full-text-query.js';
import { searchWords } from '../search/search-terms.js';
import { wordsWithNearOnes } from '../search/word-corrections.js';
import { findAdminSearchJson } from './admin-video-search-query.js';
import { markLikedVideos } from '../likes/liked-marks.js';
import { videoDependency } from '../public-pages/public-page.js';
import { sendAsViewerSees, type ViewerView } from '../public-pages/viewer-page.js';

/**
 * The page cache's key for an administrator's title search. It shares the cache with the public
 * pages, so it is dropped by the same writes (any edit, import or publication of a video drops
 * every page; a like drops those showing the video), on every instance; no visitor's address
 * maps to it (the visitor lane is offered public pages only).
 */
const adminSearchKey = (term: string, page: number, pageSize: number) =>
  `admin/search/videos/${term}?page=${page}&pageSize=${pageSize}`;

/**
 * An administrator's answer from the cached page: the page with their likes marked, written
 * (and compressed) once per pattern of likes, rather than checked against its schema on every
 * request and sent uncompressed (the page's data was made by the database in that very shape).
 */
const adminSearchView: ViewerView<AdminVideoSearchResult> = {
  shown: (data) => ({ artists: [], videos: data.videos.map((video) => video.id) }),
  answer: ({ videos, pageInfo }, liked) =>
    ok({ videos: markLikedVideos(videos, liked.videos), pageInfo }),
};

/**
 * GET /api/admin/search/videos/:query — the All Videos panel's title search, private videos
 * included, on the site search's words and index (admin-video-search-query.ts). A search asked
 * again is answered from the page cache: a common word matching thousands of titles costs the
 * database ~20 ms of counting and ordering, and an administrator types the same words again and
 * again while editing.
 */
export async function adminVideoSearchRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/search/videos/:query',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Search videos by title, private ones included',
        tags: ['admin videos'],
        params: adminVideoSearchParams,
        querystring: adminVideoSearchQuery,
        response: {
          200: answerWithExample(adminVideoSearchResult, {
            status: 200,
            data: {
              videos: [{ ...exampleVideo, isLiked: false }],
              pageInfo: { videoResults: 1, page: 1, pageSize: 20 },
            },
            message: 'OK',
          }),
        },
      },
    },
    async (request, reply) => {
      const admin = callerOf(request);
      const { page, pageSize } = request.query;
      const term = request.params.query;
      if (term.trim() === '')
        return ok({ videos: [], pageInfo: { videoResults: 0, page, pageSize } });
      const found = await app.pageCache.get<AdminVideoSearchResult>(
        adminSearchKey(term, page, pageSize),
        {
          build: async () => {
            const words = searchWords(term);
            const nearQuery =
              words.length === 0 ? '' : correctedQueryText(await wordsWithNearOnes(app.db, words));
            const answer = await findAdminSearchJson(app.db, {
              words,
              nearQuery,
              term,
              page,
              pageSize,
            });
            return { json: answer.json, dependsOn: answer.videoIds.map(videoDependency) };
          },
          message: 'OK',
        },
      );
      // Administrators who like the same videos of the page get the same bytes, made once and
      // kept with the page; never offered to the visitor lane.
      return sendAsViewerSees(app, request, reply, found!, adminSearchView, admin.id);
    },
  );
}
