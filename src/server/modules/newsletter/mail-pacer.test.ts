import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPacer } from './mail-pacer.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** When each of `count` paced starts happens, in ms from the first call. */
async function startTimes(pace: () => Promise<void>, count: number): Promise<number[]> {
  const origin = performance.now();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const waited = pace();
    await vi.runAllTimersAsync();
    await waited;
    times.push(performance.now() - origin);
  }
  return times;
}

describe('the mailing pacer', () => {
  it('spaces mails 1 / rate apart', async () => {
    expect(
      await startTimes(
        createPacer(() => 100),
        4,
      ),
    ).toEqual([0, 10, 20, 30]);
  });

  it('follows the rate it is given at each mail: slower while the site is busy, then back', async () => {
    let busy = false;
    const pace = createPacer(() => (busy ? 10 : 100));
    const before = await startTimes(pace, 2);
    busy = true;
    const during = await startTimes(pace, 3);
    busy = false;
    const after = await startTimes(pace, 3);
    expect(before).toEqual([0, 10]);
    // Each gap is set when a mail starts: the mail started while busy is followed 100 ms later.
    expect(during).toEqual([10, 110, 210]);
    expect(after).toEqual([100, 110, 120]);
  });
});
