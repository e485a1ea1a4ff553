import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EpisodeDay, RetentionBucket, SiteDay, TopLists } from '@shared/schemas/analytics.js';

/** The columns of the site's days as a spreadsheet reads them: a header, ISO days, plain numbers. */
const SITE_DAY_COLUMNS = [
  { key: 'day', header: 'day' },
  { key: 'views', header: 'views' },
  { key: 'hoursWatched', header: 'hours_watched' },
  { key: 'secondsWatched', header: 'seconds_watched' },
  { key: 'finishes', header: 'finishes' },
  { key: 'viewers', header: 'unique_viewers' },
  { key: 'newAccounts', header: 'new_accounts' },
  { key: 'likes', header: 'likes' },
] as const;

/** At most 1,827 rows (5 years), so written whole; a null (not measured) is an empty cell. */
export function siteDaysCsv(days: readonly SiteDay[]): string {
  return stringify(
    days.map((day) => ({ ...day })),
    { header: true, columns: SITE_DAY_COLUMNS.map(({ key, header }) => ({ key, header })) },
  );
}

const TOP_COLUMNS = ['list', 'rank', 'id', 'name', 'views', 'hours_watched', 'finishes'] as const;

/** The three ranked lists in one sheet, a `list` column saying which (episodes, artists, categories). */
export function topListsCsv(top: TopLists): string {
  const rows = (
    [
      ['episodes', top.episodes.map((item) => ({ ...item, name: item.title }))],
      ['artists', top.artists],
      ['categories', top.categories],
    ] as const
  ).flatMap(([list, items]) =>
    items.map((item, index) => ({
      list,
      rank: index + 1,
      id: item.id,
      name: item.name,
      views: item.views,
      hours_watched: item.hoursWatched,
      finishes: item.finishes,
    })),
  );
  // Titles come from YouTube: one starting with = or + must not run as a spreadsheet formula.
  return stringify(rows, { header: true, columns: [...TOP_COLUMNS], escape_formulas: true });
}

/** An episode's days: the site's columns less viewers and accounts. */
export function episodeDaysCsv(days: readonly EpisodeDay[]): string {
  return stringify(
    days.map((day) => ({ ...day })),
    {
      header: true,
      columns: [
        { key: 'day', header: 'day' },
        { key: 'views', header: 'views' },
        { key: 'hoursWatched', header: 'hours_watched' },
        { key: 'secondsWatched', header: 'seconds_watched' },
        { key: 'finishes', header: 'finishes' },
        { key: 'likes', header: 'likes' },
      ],
    },
  );
}

/** The retention curve: from which percent, how many fans got there, and their share. */
export function retentionCsv(buckets: readonly RetentionBucket[]): string {
  return stringify(
    buckets.map((bucket) => ({ ...bucket })),
    {
      header: true,
      columns: [
        { key: 'from', header: 'from_percent' },
        { key: 'reached', header: 'fans_reached' },
        { key: 'share', header: 'share' },
      ],
    },
  );
}

/**
 * A download name that says whose, what and when: twang-site-2026-01-01-to-2026-01-31.csv, or
 * twang-episode-5-retention-2026-01-31.csv for one day.
 */
export function csvFileName(brand: string, what: string, from: string, to?: string): string {
  const slug =
    brand
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'site';
  return `${slug}-${what}-${from}${to === undefined ? '' : `-to-${to}`}.csv`;
}

/** A CSV answer as a download under `fileName`. */
export const sendCsv = (reply: FastifyReply, fileName: string, body: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);

/** The OpenAPI answer of a CSV route: text/csv with an example. */
export const csvResponse = (description: string, example: string) => ({
  description,
  content: { 'text/csv': { schema: z.string().meta({ examples: [example] }) } },
});
