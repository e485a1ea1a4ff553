import { describe, expect, it } from 'vitest';
import { groupDigits, watchingUiMessages as t } from './watching-ui.js';

describe('view counts', () => {
  it.each([0, 7, 999, 1000, 12_345, 1_234_567, 9_007_199_254_740_991])(
    'group %i as Intl.NumberFormat en-US does',
    (count) => {
      expect(groupDigits(count)).toBe(new Intl.NumberFormat('en-US').format(count));
    },
  );

  it('say "view" for one and "views" for any other count', () => {
    expect(t.views(1)).toBe('1 view');
    expect(t.views(0)).toBe('0 views');
    expect(t.views(12_345)).toBe('12,345 views');
  });
});
