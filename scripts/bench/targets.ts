/**
 * The targets as data, and their verdicts: "met", or "missed by X" in the target's own
 * unit, so a reader sees how far off a figure is without doing the sum.
 */
export type Metric = 'ratio' | 'rps' | 'p50' | 'p99';

export interface Target {
  metric: Metric;
  op: '>=' | '<=';
  value: number;
}

export interface Verdict {
  /** e.g. "ratio >= 0.80, p99 <= 20 ms"; '' when the figure has no target. */
  text: string;
  /** null: nothing to meet (informational figure). */
  met: boolean | null;
  /** "met", "missed by ..." or "—". */
  mark: string;
}

const UNIT: Record<Metric, string> = { ratio: '', rps: ' req/s', p50: ' ms', p99: ' ms' };

export function formatNumber(value: number, metric: Metric): string {
  if (metric === 'ratio') return value.toFixed(2);
  if (metric === 'rps') return Math.round(value).toLocaleString('en-US');
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

export function describeTarget(target: Target): string {
  const name = target.metric === 'rps' ? 'req/s' : target.metric;
  const value = formatNumber(target.value, target.metric);
  return `${name} ${target.op === '>=' ? '≥' : '≤'} ${value}${target.metric === 'rps' ? '' : UNIT[target.metric]}`;
}

export function judge(targets: Target[], figures: Record<Metric, number>): Verdict {
  if (targets.length === 0) return { text: '', met: null, mark: '—' };
  const misses: string[] = [];
  for (const target of targets) {
    const actual = figures[target.metric];
    const ok = target.op === '>=' ? actual >= target.value : actual <= target.value;
    if (ok) continue;
    const gap = formatNumber(Math.abs(actual - target.value), target.metric);
    // A bare "missed by 0.31" would not say of what; req/s and ms carry their unit already.
    const label = targets.length > 1 || target.metric === 'ratio' ? `${target.metric} ` : '';
    misses.push(`${label}by ${gap}${UNIT[target.metric]}`);
  }
  return {
    text: targets.map(describeTarget).join(', '),
    met: misses.length === 0,
    mark: misses.length === 0 ? 'met' : `missed ${misses.join('; ')}`,
  };
}

/** A gap with enough digits to be seen: a miss of 0.04 ms must not read "missed by 0.0 ms". */
export function formatGap(gap: number): string {
  return gap < 1 ? gap.toFixed(2) : gap.toFixed(1);
}

/** A single figure with one limit (milliseconds or MB): at most `limit`. */
export function judgeAtMost(
  actual: number,
  limit: number,
  unit: string,
): { target: string; met: boolean; mark: string } {
  const met = actual <= limit;
  return {
    target: `≤ ${limit} ${unit}`,
    met,
    mark: met ? 'met' : `missed by ${formatGap(actual - limit)} ${unit}`,
  };
}
