/**
 * The analytics ranges' rules, without zod: the Analytics screen reads them too, and the schema
 * that checks a query builds on them.
 */

/** The ranges the Analytics screen offers, in days; a custom one gives from and to. */
export const ANALYTICS_PRESETS = ['7', '30', '90', '365'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];

/** No figures are older than the site: a floor also keeps PostgreSQL's calendar edges away. */
export const ANALYTICS_FIRST_DAY = '2000-01-01';
/** A custom range may cover at most this many days (5 years, with their leap days). */
export const ANALYTICS_MAX_DAYS = 5 * 365 + 2;
