import { describe, expect, it } from 'vitest';
import { balancedColumns } from './use-balanced-columns.js';

/** The items on each row of a grid of `count` items in `columns` columns. */
function rows(count: number, columns: number): number[] {
  return Array.from({ length: Math.ceil(count / columns) }, (_, row) =>
    Math.min(columns, count - row * columns),
  );
}

describe('balanced grid columns', () => {
  it('spreads 8 items where 7 fit over two rows of 4, not 7 and 1', () => {
    expect(balancedColumns(8, 7)).toBe(4);
    expect(rows(8, balancedColumns(8, 7))).toEqual([4, 4]);
  });

  it('keeps every column that fits for a list that takes one row', () => {
    expect(balancedColumns(3, 7)).toBe(7);
    expect(balancedColumns(7, 7)).toBe(7);
    expect(balancedColumns(5, 7.9)).toBe(7);
  });

  it('spreads 9 items where 4 fit as three rows of 3, not 4, 4 and 1', () => {
    expect(rows(9, balancedColumns(9, 4))).toEqual([3, 3, 3]);
  });

  it('leaves no item alone on its last row whenever some column count that fits avoids it', () => {
    for (let fit = 2; fit <= 12; fit += 1) {
      for (let count = fit + 1; count <= 60; count += 1) {
        const columns = balancedColumns(count, fit);
        expect(columns).toBeLessThanOrEqual(fit);
        expect(columns).toBeGreaterThanOrEqual(2);
        const avoidable = Array.from({ length: fit - 1 }, (_, n) => n + 2).some(
          (option) => rows(count, option).at(-1)! > 1,
        );
        if (avoidable)
          expect(rows(count, columns).at(-1), `${count} items, ${fit} fit`).toBeGreaterThan(1);
      }
    }
  });

  it('keeps the rows as few as an even grid allows', () => {
    expect(rows(14, balancedColumns(14, 7))).toEqual([7, 7]);
    expect(rows(10, balancedColumns(10, 4))).toEqual([4, 4, 2]);
  });

  it('keeps two columns where only two fit, an odd count leaving one on the last row', () => {
    expect(balancedColumns(7, 2)).toBe(2);
  });

  it('gives one column when not even one fits', () => {
    expect(balancedColumns(4, 0.5)).toBe(1);
  });
});
