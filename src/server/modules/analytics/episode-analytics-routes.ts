import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@shared/messages/api.js';
import { analyticsMessages as m } from '@shared/messages/analytics.js';
import {
  analyticsRangeQuery,
  episodeFigures,
  type AnalyticsRangeQuery,
  type EpisodeFigures,
} from '@shared/schemas/analytics.js';
import { idParam } from '@shared/schemas/fields.js';
import { notFound } from '@server/lib/http-errors.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample, errorResponses } from '@server/lib/route-schema.js';
import {
  csvFileName,
  csvResponse,
  episodeDaysCsv,
  retentionCsv,
  sendCsv,
} from './analytics-csv.js';
import { rangeOf } from './analytics-range.js';
import {
  dayColumns,
  findEpisode,
  findEpisodeFigures,
  findRetention,
  type EpisodeReport,
} from './episode-figures-repository.js';

const exampleEpisode: EpisodeFigures = {
  video: {
    id: 412,
    title: 'Porch Sessions: Dolly Parton',
    thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    publishedAt: '2026-11-25T17:00:00.000Z',
    isPublic: true,
  },
  range: { from: '2026-11-25', to: '2026-11-26', days: 2 },
  totals: {
    views: 1_204,
    hoursWatched: 301.5,
    finishes: 388,
    likes: 61,
    averageShareWatched: 0.62,
  },
  days: {
    day: ['2026-11-25', '2026-11-26'],
    views: [590, 614],
    hoursWatched: [147.5, 154],
    finishes: [190, 198],
    likes: [33, 28],
  },
  retention: {
    viewers: 200,
    buckets: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((from, index) => ({
      from,
      reached: 200 - index * 14,
      share: (200 - index * 14) / 200,
    })),
  },
};

const params = z.object({ id: idParam });

const errors = errorResponses({
  400: 'Not a date, a range that ends before it starts or after today, or longer than 5 years.',
  404: 'No video has that id.',
});

const rangeDescription =
  'UTC days, both ends included: from the day the episode was published to today (at most 5 years) when nothing is given, or `?days=7|30|90|365`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD`.';

/** One episode's figures for staff (issue 31): its days, totals and where fans stop watching. */
export async function episodeAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function figuresOf(id: number, query: AnalyticsRangeQuery): Promise<EpisodeReport> {
    const figures = await findEpisodeFigures(app.db, id, (published) =>
      rangeOf(query, app.clock(), published),
    );
    if (!figures) throw notFound(apiMessages.videoNotFound);
    return figures;
  }

  routes.get(
    '/admin/analytics/videos/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'One episode per day, its totals, and where fans stop watching',
        description: `${rangeDescription} Private episodes too. The retention curve is over signed-in fans' saved positions, in tenths of the episode.`,
        tags: ['analytics'],
        params,
        querystring: analyticsRangeQuery,
        response: {
          200: answerWithExample(episodeFigures, {
            status: 200,
            data: exampleEpisode,
            message: m.episodeFigures,
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { days, ...figures } = await figuresOf(request.params.id, request.query);
      return ok({ ...figures, days: dayColumns(days) }, m.episodeFigures);
    },
  );

  routes.get(
    '/admin/analytics/videos/:id/days.csv',
    {
      config: { access: 'admin' },
      schema: {
        summary: "One episode's days, as CSV",
        description: rangeDescription,
        tags: ['analytics'],
        params,
        querystring: analyticsRangeQuery,
        response: {
          200: csvResponse(
            "The episode's days as CSV (text/csv, a download).",
            'day,views,hours_watched,seconds_watched,finishes,likes\n2026-11-25,590,147.5,531000,190,33\n',
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const figures = await figuresOf(request.params.id, request.query);
      const { from, to } = figures.range;
      const name = csvFileName(app.config.BRAND_NAME, `episode-${figures.video.id}`, from, to);
      return sendCsv(reply, name, episodeDaysCsv(figures.days));
    },
  );

  routes.get(
    '/admin/analytics/videos/:id/retention.csv',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Where fans stop watching one episode, as CSV',
        description:
          'Each tenth of the episode: how many signed-in fans with a saved position got that far, and their share.',
        tags: ['analytics'],
        params,
        response: {
          200: csvResponse(
            'The retention curve as CSV (text/csv, a download).',
            'from_percent,fans_reached,share\n0,200,1\n10,186,0.93\n',
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // The curve alone: not the episode's days, which this file does not hold.
      const video = await findEpisode(app.db, request.params.id);
      if (!video) throw notFound(apiMessages.videoNotFound);
      const { buckets } = await findRetention(app.db, video.id);
      const today = app.clock().toISOString().slice(0, 10);
      const name = csvFileName(app.config.BRAND_NAME, `episode-${video.id}-retention`, today);
      return sendCsv(reply, name, retentionCsv(buckets));
    },
  );
}
