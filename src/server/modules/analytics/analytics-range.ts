import { badRequest } from '@server/lib/http-errors.js';
import { analyticsMessages as m } from '@shared/messages/analytics.js';
import {
  ANALYTICS_FIRST_DAY,
  ANALYTICS_MAX_DAYS,
  type AnalyticsRangeQuery,
} from '@shared/schemas/analytics.js';

/** UTC days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
  days: number;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The range a query asks for, checked against today; 400 with the reason otherwise. Without days
 * or dates it is the last 30 days, or from `since` (an episode's publication) to today, at most
 * 5 years and not before ANALYTICS_FIRST_DAY.
 */
export function rangeOf(query: AnalyticsRangeQuery, now: Date, since?: string): DayRange {
  const today = dayOf(now.getTime());
  if (since !== undefined && query.days === undefined && query.from === undefined) {
    const earliest = dayOf(msOf(today) - (ANALYTICS_MAX_DAYS - 1) * DAY_MS);
    const from = [since, earliest, ANALYTICS_FIRST_DAY].reduce((a, b) => (a > b ? a : b));
    const start = from > today ? today : from;
    return { from: start, to: today, days: (msOf(today) - msOf(start)) / DAY_MS + 1 };
  }
  if (query.from === undefined || query.to === undefined) {
    const days = Number(query.days ?? '30');
    return { from: dayOf(msOf(today) - (days - 1) * DAY_MS), to: today, days };
  }
  const { from, to } = query;
  if (to < from) throw badRequest(m.endBeforeStart);
  if (to > today) throw badRequest(m.endInFuture);
  const days = (msOf(to) - msOf(from)) / DAY_MS + 1;
  if (days > ANALYTICS_MAX_DAYS) throw badRequest(m.rangeTooLong);
  return { from, to, days };
}

/** The same number of days just before: what the range is compared with. */
export function previousRange(range: DayRange): DayRange {
  const to = msOf(range.from) - DAY_MS;
  return { from: dayOf(to - (range.days - 1) * DAY_MS), to: dayOf(to), days: range.days };
}
