import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsMessages as m } from '@shared/messages/analytics.js';
import {
  analyticsRangeQuery,
  siteFigures,
  topLists,
  type AnalyticsRangeQuery,
  type SiteDay,
  type SiteFigures,
  type TopLists,
} from '@shared/schemas/analytics.js';
import { createLruCache } from '@server/lib/lru-cache.js';
import { ok } from '@server/lib/reply.js';
import { answerWithExample, errorResponses } from '@server/lib/route-schema.js';
import { csvFileName, csvResponse, sendCsv, siteDaysCsv, topListsCsv } from './analytics-csv.js';
import { previousRange, rangeOf } from './analytics-range.js';
import { findSiteDays, rollUpEndedDays, totalsOf } from './analytics-repository.js';
import { findTopLists } from './top-lists-repository.js';

const exampleDay: SiteDay = {
  day: '2026-11-26',
  views: 1_840,
  secondsWatched: 1_987_200,
  hoursWatched: 552,
  finishes: 610,
  viewers: 1_122,
  newAccounts: 14,
  likes: 97,
};

const exampleFigures: SiteFigures = {
  range: { from: '2026-11-26', to: '2026-11-26', days: 1 },
  previous: { from: '2026-11-25', to: '2026-11-25', days: 1 },
  totals: { ...totalsOf([exampleDay]) },
  previousTotals: totalsOf([{ ...exampleDay, day: '2026-11-25', views: 1_610, likes: 88 }]),
  days: [exampleDay],
  previousDays: [{ ...exampleDay, day: '2026-11-25', views: 1_610, likes: 88 }],
};

const exampleTop: TopLists = {
  range: { from: '2026-11-25', to: '2026-11-26', days: 2 },
  episodes: [
    {
      id: 412,
      title: 'Porch Sessions: Dolly Parton',
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      views: 1_204,
      hoursWatched: 301.5,
      finishes: 388,
      dailyViews: [590, 614],
    },
  ],
  artists: [
    {
      id: 17,
      name: 'Dolly Parton',
      image: '/uploads/artists/dolly-parton.webp',
      views: 2_310,
      hoursWatched: 540.2,
      finishes: 720,
      dailyViews: [1_150, 1_160],
    },
  ],
  categories: [
    {
      id: 5,
      name: 'Bluegrass',
      views: 3_020,
      hoursWatched: 811,
      finishes: 930,
      dailyViews: [1_480, 1_540],
    },
  ],
};

/** Ranges whose top lists are kept: the screen's four and a few custom ones. */
const TOP_LISTS_KEPT = 32;
const TOP_LISTS_MAX_AGE_MS = 60_000;

const rangeErrors = errorResponses({
  400: 'Not a date, a range that ends before it starts or after today, or longer than 5 years.',
});

const rangeDescription =
  'UTC days, both ends included: `?days=7|30|90|365` (the last days up to today; 30 when nothing is given) or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (at most 5 years).';

/**
 * Staff analytics (issue 31), administrators only: the whole site per day, compared with the
 * period before, as JSON and CSV.
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  async function siteDaysOf(query: AnalyticsRangeQuery) {
    const range = rangeOf(query, app.clock());
    const previous = previousRange(range);
    // Both periods' ended days in one roll-up (a no-op once they have been looked at).
    await rollUpEndedDays(app.db, { from: previous.from, to: range.to, days: 0 });
    const [days, previousDays] = await Promise.all([
      findSiteDays(app.db, range),
      findSiteDays(app.db, previous),
    ]);
    return { range, previous, days, previousDays };
  }

  routes.get(
    '/admin/analytics/site',
    {
      config: { access: 'admin' },
      schema: {
        summary:
          'The whole site per day: views, hours watched, finishes, viewers, new accounts, likes',
        description: `${rangeDescription} Answers each day of the range and of the same number of days before it, and the totals of both.`,
        tags: ['analytics'],
        querystring: analyticsRangeQuery,
        response: {
          200: answerWithExample(siteFigures, {
            status: 200,
            data: exampleFigures,
            message: m.siteFigures,
          }),
          ...rangeErrors,
        },
      },
    },
    async (request) => {
      const { range, previous, days, previousDays } = await siteDaysOf(request.query);
      const figures: SiteFigures = {
        range,
        previous,
        totals: totalsOf(days),
        previousTotals: totalsOf(previousDays),
        days,
        previousDays,
      };
      return ok(figures, m.siteFigures);
    },
  );

  // Ranking reads every video watched in the range (a year at 100k: ~300 ms), so a range's lists
  // are kept a minute per instance, one reading at a time: staff see them at most that old.
  const topCache = createLruCache<string, TopLists>({
    maxWeight: TOP_LISTS_KEPT,
    weigh: () => 1,
    maxAgeMs: TOP_LISTS_MAX_AGE_MS,
    now: () => app.clock().getTime(),
  });

  async function topListsOf(query: AnalyticsRangeQuery): Promise<TopLists> {
    const range = rangeOf(query, app.clock());
    const lists = await topCache.get(`${range.from}/${range.to}`, () =>
      findTopLists(app.db, range),
    );
    return lists!;
  }

  routes.get(
    '/admin/analytics/top',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The most viewed episodes, artists and categories of a range, with views per day',
        description: `${rangeDescription} Ten of each, by views (equal views by hours watched). An artist's and a category's figures are those of the videos carrying its tag; a category is a tag no artist owns. \`dailyViews\` has one number per day of the range, for a sparkline. The lists are up to a minute old (kept a minute per server instance).`,
        tags: ['analytics'],
        querystring: analyticsRangeQuery,
        response: {
          200: answerWithExample(topLists, { status: 200, data: exampleTop, message: m.topLists }),
          ...rangeErrors,
        },
      },
    },
    async (request) => ok(await topListsOf(request.query), m.topLists),
  );

  routes.get(
    '/admin/analytics/top.csv',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The most viewed episodes, artists and categories of a range, as CSV',
        description: `${rangeDescription} One row per ranked item, the list it belongs to in the first column.`,
        tags: ['analytics'],
        querystring: analyticsRangeQuery,
        response: {
          200: csvResponse(
            'The lists as CSV (text/csv, a download).',
            'list,rank,id,name,views,hours_watched,finishes\nepisodes,1,412,Porch Sessions: Dolly Parton,1204,301.5,388\n',
          ),
          ...rangeErrors,
        },
      },
    },
    async (request, reply) => {
      const top = await topListsOf(request.query);
      const name = csvFileName(app.config.BRAND_NAME, 'top', top.range.from, top.range.to);
      return sendCsv(reply, name, topListsCsv(top));
    },
  );

  routes.get(
    '/admin/analytics/site.csv',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'The whole site per day, as CSV',
        description: `${rangeDescription} One row per day of the range (not the period before), with a header; an empty unique_viewers cell is a day before they were measured.`,
        tags: ['analytics'],
        querystring: analyticsRangeQuery,
        response: {
          200: csvResponse(
            'The days as CSV (text/csv, a download).',
            'day,views,hours_watched,seconds_watched,finishes,unique_viewers,new_accounts,likes\n2026-11-26,1840,552,1987200,610,1122,14,97\n',
          ),
          ...rangeErrors,
        },
      },
    },
    async (request, reply) => {
      const { range, days } = await siteDaysOf(request.query);
      const name = csvFileName(app.config.BRAND_NAME, 'site', range.from, range.to);
      return sendCsv(reply, name, siteDaysCsv(days));
    },
  );
}
