import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

/**
 * How many columns `count` items take, at most `fit` (as many as fit), so that no row is left with
 * a lone item: 8 where 7 fit make two rows of 4, not 7 and 1. Of the column counts that avoid a
 * lone item (where one does), the fewest rows, then the fullest last row. A list that takes one
 * row keeps every column that fits, so its items keep their usual width; at least two columns
 * where two fit, as a single column would make every row a lone item.
 */
export function balancedColumns(count: number, fit: number): number {
  const most = Math.max(1, Math.floor(fit));
  if (count <= most) return most;
  let best = most;
  let bestScore: readonly number[] | null = null;
  for (let columns = most; columns >= Math.min(2, most); columns -= 1) {
    const rows = Math.ceil(count / columns);
    const last = count - (rows - 1) * columns;
    const score = [last === 1 ? 1 : 0, rows, columns - last];
    if (bestScore === null || isLess(score, bestScore)) {
      best = columns;
      bestScore = score;
    }
  }
  return best;
}

function isLess(a: readonly number[], b: readonly number[]): boolean {
  const at = a.findIndex((value, index) => value !== b[index]);
  return at !== -1 && a[at]! < b[at]!;
}

/**
 * The style for `grid`, a grid of `count` items at least `minRem` wide, whose rows come out even
 * (balancedColumns), measured again on every resize. Until it is measured (and where nothing can
 * measure) the stylesheet's own auto-fill columns hold.
 */
export function useBalancedColumns(
  grid: RefObject<HTMLElement | null>,
  count: number,
  minRem: number,
): CSSProperties | undefined {
  const [columns, setColumns] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = grid.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const gap = parseFloat(getComputedStyle(element).columnGap) || 0;
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const fit = (element.clientWidth + gap) / (minRem * rem + gap);
      setColumns(balancedColumns(count, fit));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [grid, count, minRem]);
  return columns === null
    ? undefined
    : { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` };
}
