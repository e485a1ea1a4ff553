import { describe, expect, it } from 'vitest';
import { YoutubeQuotaError } from './youtube-errors.js';
import { quotaBudget } from './youtube-quota.js';

describe('quotaBudget', () => {
  it('allows calls up to the limit, counting what earlier runs spent', () => {
    const budget = quotaBudget(10, 8);
    for (let call = 0; call < 2; call++) {
      budget.guard.beforeCall?.(1);
      budget.onQuotaSpent(1);
    }
    expect(budget.spent()).toBe(10);
    expect(() => budget.guard.beforeCall?.(1)).toThrow(YoutubeQuotaError);
  });

  it('refuses a call that would go past the limit, even with units left', () => {
    const budget = quotaBudget(100, 98);
    expect(() => budget.guard.beforeCall?.(3)).toThrow(/98 of 100 units/);
    expect(() => budget.guard.beforeCall?.(2)).not.toThrow();
  });
});
