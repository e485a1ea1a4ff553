import { z } from 'zod';
import { analyticsMessages as m } from '../messages/analytics.js';

import { ANALYTICS_FIRST_DAY, ANALYTICS_PRESETS } from '../analytics-range-rules.js';

export {
  ANALYTICS_FIRST_DAY,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PRESETS,
  type AnalyticsPreset,
} from '../analytics-range-rules.js';

const isoDay = z
  .string({ error: m.notADate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: m.notADate })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && isRealDay(text), {
    error: m.notADate,
  });

/** '2026-02-30' parses in some engines; a real day prints back as itself. */
function isRealDay(text: string): boolean {
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}

/**
 * `?days=30` (the default) or `?from=2026-01-01&to=2026-01-31` (UTC days, both included). Order,
 * length and "not after today" are checked by the route, which knows today.
 */
export const analyticsRangeQuery = z
  .strictObject({
    days: z.enum(ANALYTICS_PRESETS, { error: m.presetInvalid }).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    error: m.rangeHalfGiven,
  })
  .refine((query) => query.days === undefined || query.from === undefined, {
    error: m.presetAndDates,
  })
  .refine((query) => query.from === undefined || query.from >= ANALYTICS_FIRST_DAY, {
    error: m.tooEarly,
  });

export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuery>;

const dayRange = z.object({ from: z.string(), to: z.string(), days: z.number().int() });

/** One UTC day of the whole site. */
export const siteDay = z.object({
  day: z.string(),
  views: z.number().int(),
  secondsWatched: z.number().int(),
  /** secondsWatched in hours, to one decimal. */
  hoursWatched: z.number(),
  finishes: z.number().int(),
  /** Unique viewers that day (approximate: a visitor is one per browser); null before it was measured. */
  viewers: z.number().int().nullable(),
  newAccounts: z.number().int(),
  likes: z.number().int(),
});

export const siteTotals = z.object({
  views: z.number().int(),
  hoursWatched: z.number(),
  finishes: z.number().int(),
  /** Days cannot be added up into unique viewers: the mean of the measured days. */
  averageDailyViewers: z.number().int().nullable(),
  newAccounts: z.number().int(),
  likes: z.number().int(),
});

export const siteFigures = z.object({
  range: dayRange,
  previous: dayRange,
  totals: siteTotals,
  previousTotals: siteTotals,
  days: z.array(siteDay),
  previousDays: z.array(siteDay),
});

export type SiteDay = z.infer<typeof siteDay>;
export type SiteTotals = z.infer<typeof siteTotals>;
export type SiteFigures = z.infer<typeof siteFigures>;

/** The ranked lists: ten of each. */
export const ANALYTICS_TOP_COUNT = 10;

const topFigures = {
  views: z.number().int(),
  hoursWatched: z.number(),
  finishes: z.number().int(),
  /** Views on each day of the range, oldest first: the sparkline. */
  dailyViews: z.array(z.number().int()),
};

export const topEpisode = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail: z.string(),
  ...topFigures,
});

/** An artist's figures are those of the videos carrying the artist's tag. */
export const topArtist = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  ...topFigures,
});

/** A category is a tag no artist owns; its figures are those of the videos carrying it. */
export const topCategory = z.object({ id: z.number().int(), name: z.string(), ...topFigures });

export const topLists = z.object({
  range: dayRange,
  episodes: z.array(topEpisode),
  artists: z.array(topArtist),
  categories: z.array(topCategory),
});

export type TopEpisode = z.infer<typeof topEpisode>;
export type TopArtist = z.infer<typeof topArtist>;
export type TopCategory = z.infer<typeof topCategory>;
export type TopLists = z.infer<typeof topLists>;

/** One UTC day of one episode. */
export const episodeDay = z.object({
  day: z.string(),
  views: z.number().int(),
  secondsWatched: z.number().int(),
  hoursWatched: z.number(),
  finishes: z.number().int(),
  likes: z.number().int(),
});

/**
 * An episode's days as columns, one entry per UTC day of the range, oldest first: entry i of
 * every array is the day `day[i]`. Columns, not one object per day, since five years are 1,827 days
 * and a chart wants them so.
 */
export const episodeDayColumns = z.object({
  day: z.array(z.string()),
  views: z.array(z.number().int()),
  hoursWatched: z.array(z.number()),
  finishes: z.array(z.number().int()),
  likes: z.array(z.number().int()),
});

/** How many of the fans who played an episode got at least `from` percent into it. */
export const retentionBucket = z.object({
  from: z.number().int(),
  reached: z.number().int(),
  /** reached / viewers, 0 to 1. */
  share: z.number(),
});

export const episodeFigures = z.object({
  video: z.object({
    id: z.number().int(),
    title: z.string(),
    thumbnail: z.string(),
    publishedAt: z.string(),
    isPublic: z.boolean(),
  }),
  range: dayRange,
  totals: z.object({
    views: z.number().int(),
    hoursWatched: z.number(),
    finishes: z.number().int(),
    likes: z.number().int(),
    /** Seconds watched per view, over the length fans' players reported; null before any. */
    averageShareWatched: z.number().nullable(),
  }),
  days: episodeDayColumns,
  /**
   * Where signed-in fans stopped: each one's saved position (a finished episode counts to the
   * end), in tenths of the episode. Visitors' positions stay in their browsers.
   */
  retention: z.object({ viewers: z.number().int(), buckets: z.array(retentionBucket) }),
});

export type EpisodeDay = z.infer<typeof episodeDay>;
export type EpisodeDayColumns = z.infer<typeof episodeDayColumns>;
export type RetentionBucket = z.infer<typeof retentionBucket>;
export type EpisodeFigures = z.infer<typeof episodeFigures>;
