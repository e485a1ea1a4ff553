import { describe, expect, it } from 'vitest';
import { nextQuotaReset, quotaDay, syncStopsAt } from './quota-meter.js';

describe("YouTube's quota day (midnight to midnight, Pacific time)", () => {
  it.each([
    // [now, its quota day, when that day ends]
    ['2026-11-27T18:00:00Z', '2026-11-27', '2026-11-28T08:00:00.000Z'],
    ['2026-07-01T06:59:59Z', '2026-06-30', '2026-07-01T07:00:00.000Z'],
    ['2026-07-01T07:00:00Z', '2026-07-01', '2026-07-02T07:00:00.000Z'],
    // The day clocks go forward (23 hours) and the day they go back (25 hours).
    ['2026-03-08T08:30:00Z', '2026-03-08', '2026-03-09T07:00:00.000Z'],
    ['2026-11-01T07:30:00Z', '2026-11-01', '2026-11-02T08:00:00.000Z'],
    // The evening before each change: the next midnight is still in the old offset.
    ['2026-03-07T20:00:00Z', '2026-03-07', '2026-03-08T08:00:00.000Z'],
    ['2026-10-31T20:00:00Z', '2026-10-31', '2026-11-01T07:00:00.000Z'],
  ])('at %s the day is %s and ends at %s', (now, day, end) => {
    expect(quotaDay(new Date(now))).toBe(day);
    expect(nextQuotaReset(new Date(now)).toISOString()).toBe(end);
  });

  it('stops the sync at 95% of the limit', () => {
    expect(syncStopsAt(10_000)).toBe(9_500);
    expect(syncStopsAt(101)).toBe(95);
  });
});
