import type { SiteDay, SiteTotals } from '@shared/schemas/analytics.js';

/** One line chart of the Analytics screen: where its days and its total come from. */
export interface SiteMetric {
  key: string;
  label: string;
  ofDay: (day: SiteDay) => number | null;
  total: (totals: SiteTotals) => number | null;
  /** What the total means when it is not a sum of the days. */
  totalNote?: string;
}

export const SITE_METRICS: readonly SiteMetric[] = [
  { key: 'views', label: 'Views', ofDay: (d) => d.views, total: (t) => t.views },
  {
    key: 'hours',
    label: 'Hours watched',
    ofDay: (d) => d.hoursWatched,
    total: (t) => t.hoursWatched,
  },
  { key: 'finishes', label: 'Finishes', ofDay: (d) => d.finishes, total: (t) => t.finishes },
  {
    key: 'viewers',
    label: 'Unique viewers',
    ofDay: (d) => d.viewers,
    total: (t) => t.averageDailyViewers,
    totalNote: 'a day, on average',
  },
  {
    key: 'accounts',
    label: 'New accounts',
    ofDay: (d) => d.newAccounts,
    total: (t) => t.newAccounts,
  },
  { key: 'likes', label: 'Likes', ofDay: (d) => d.likes, total: (t) => t.likes },
];

/** The change from the period before as a whole percentage, or null when there is no base. */
export function changeOf(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}
