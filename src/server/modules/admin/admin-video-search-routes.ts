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
import { findLikedVideoIds } from '../likes/liked-ids-repository.js';
import { markLikedVideos } from '../likes/liked-marks.js';

/**
 * GET /api/admin/search/videos/:query — the All Videos panel's title search, private videos
 * included, on the site search's words and index (admin-video-search-query.ts).
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
    async (request) => {
      const admin = callerOf(request);
      const { page, pageSize } = request.query;
      const term = request.params.query;
      const words = searchWords(term);
      if (term.trim() === '')
        return ok({ videos: [], pageInfo: { videoResults: 0, page, pageSize } });
      const nearQuery =
        words.length === 0 ? '' : correctedQueryText(await wordsWithNearOnes(app.db, words));
      const found = await findAdminSearchJson(app.db, { words, nearQuery, term, page, pageSize });
      const data = JSON.parse(found.json) as AdminVideoSearchResult;
      const liked = await findLikedVideoIds(app.db, admin.id, found.videoIds);
      return ok({ ...data, videos: markLikedVideos(data.videos, liked) });
    },
  );
}
