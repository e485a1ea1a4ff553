/** The single figures (cold starts, memory, loop delay, ...), in the browser bench's shape. */
import type { BenchFigure } from './browser.js';
import type { Row } from './measure.js';
import type { LoopDelay } from './server-process.js';
import { judgeAtMost } from './targets.js';

/** The browser bench's figure, plus the "missed by ..." mark where the bench can say it. */
export interface Figure extends BenchFigure {
  mark?: string;
}

export function markOf(figure: Figure): string {
  if (figure.mark) return figure.mark;
  if (figure.met === null) return '—';
  return figure.met ? 'met' : 'missed';
}

export function info(name: string, value: string): Figure {
  return { name, value, target: '', met: null, mark: '—' };
}

/** How far `after` is from `before`, signed: "+2.3 %", "−7.6 %". */
export function percentChange(before: number, after: number): string {
  const change = 100 * (after / before - 1);
  return `${change < 0 ? '−' : '+'}${Math.abs(change).toFixed(1)} %`;
}

export function atMost(name: string, actual: number, limit: number, unit: string): Figure {
  const verdict = judgeAtMost(actual, limit, unit);
  const digits = unit === 's' ? 2 : (unit === 'ms' && actual < 100) || unit === '%' ? 1 : 0;
  return { name, value: `${actual.toFixed(digits)} ${unit}`, ...verdict };
}

export function loopDelayFigure(name: string, delay: LoopDelay): Figure {
  const verdict = judgeAtMost(delay.p99Ms, 50, 'ms');
  return {
    name,
    value: `p50 ${delay.p50Ms.toFixed(1)} ms, p99 ${delay.p99Ms.toFixed(1)} ms, max ${delay.maxMs.toFixed(1)} ms`,
    target: 'p99 ≤ 50 ms',
    met: verdict.met,
    mark: verdict.mark,
  };
}

/** Peak resident memory against the 250 MB target, with the memory held now beside it. */
export function memoryFigure(name: string, peakMb: number, nowMb: number): Figure {
  const figure = atMost(name, peakMb, 250, 'MB');
  return { ...figure, value: `${figure.value} peak (${nowMb.toFixed(0)} MB now)` };
}

/**
 * The rows under whose load the server's peak memory grew most (VmHWM after the row's load minus
 * before it): where to look first when the peak misses its budget.
 */
export function peakRisersFigure(name: string, rows: readonly Row[], count = 3): Figure {
  const risers = rows
    .map((row) => ({ row, riseMb: row.peakRss.afterMb - row.peakRss.beforeMb }))
    .filter(({ riseMb }) => riseMb >= 1)
    .sort((a, b) => b.riseMb - a.riseMb)
    .slice(0, count);
  const value =
    risers.length === 0
      ? 'no row raised it by 1 MB or more'
      : risers
          .map(
            ({ row, riseMb }) =>
              `${row.name} +${riseMb.toFixed(0)} (to ${row.peakRss.afterMb.toFixed(0)})`,
          )
          .join('; ') + ' MB';
  return info(name, value);
}
