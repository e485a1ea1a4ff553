import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { adminAnalyticsUiMessages as u } from '@shared/messages/admin-analytics-ui.js';
import { useDarkMode } from '@client/lib/theme.js';
import { formatDay, formatFigure } from './analytics-format.js';

export interface ChartData {
  /** UTC days, 'YYYY-MM-DD'. */
  days: readonly string[];
  current: readonly (number | null)[];
  /** The period before, day by day, drawn under the same days; none for a lone series. */
  previous?: readonly (number | null)[];
}

// uPlot loads with the first chart drawn, so only the analytics screens fetch it; the charts of
// a screen share the one import.
let uplotLoad: Promise<typeof uPlot> | null = null;
const loadUplot = () => (uplotLoad ??= import('uplot').then((module) => module.default));

const secondsOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

function cssColor(element: Element, name: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim();
}

function optionsFor(
  UPlot: typeof uPlot,
  element: HTMLElement,
  height: number,
  compared: boolean,
  onCursor: (index: number | null) => void,
): uPlot.Options {
  const accent = cssColor(element, '--accent');
  const muted = cssColor(element, '--muted');
  const border = cssColor(element, '--border');
  const axis = { stroke: muted, grid: { stroke: border, width: 1 }, ticks: { stroke: border } };
  const series: uPlot.Series[] = [
    {},
    { label: u.thisPeriod, stroke: accent, width: 2, points: { show: false } },
  ];
  if (compared) {
    series.push({
      label: u.periodBefore,
      stroke: muted,
      width: 1.5,
      dash: [6, 4],
      points: { show: false },
    });
  }
  return {
    width: element.clientWidth,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    // The days are UTC days: labels must not shift them into the browser's zone.
    tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
    axes: [
      axis,
      { ...axis, size: 52, values: (_u, ticks) => ticks.map((tick) => formatFigure(tick, true)) },
    ],
    series,
    hooks: { setCursor: [(plot) => onCursor(plot.cursor.idx ?? null)] },
  };
}

/**
 * Days of one figure as a line, with the period before dashed under it when there is one. The
 * canvas is hidden from screen readers: the panel's table toggle shows the same figures as text.
 */
export function LineChart({
  data,
  label,
  height = 200,
}: {
  data: ChartData;
  label: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkMode();
  const [failed, setFailed] = useState(false);
  const [cursor, setCursor] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let ended = false;
    const resize = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height }));
    loadUplot()
      .then((UPlot) => {
        if (ended) return;
        const aligned: uPlot.AlignedData = [data.days.map(secondsOf), [...data.current]];
        if (data.previous) aligned.push([...data.previous]);
        const options = optionsFor(UPlot, element, height, data.previous !== undefined, setCursor);
        plot = new UPlot(options, aligned, element);
        resize.observe(element);
      })
      .catch((error: unknown) => {
        console.error(u.chartFailed, error);
        if (!ended) setFailed(true);
      });
    return () => {
      ended = true;
      resize.disconnect();
      plot?.destroy();
    };
  }, [data, dark, height]);

  if (failed) return <p className="admin-error">{u.chartFailed}</p>;
  const index = cursor ?? 0;
  const day = cursor === null ? null : data.days[cursor];
  return (
    <div className="line-chart">
      <p className="line-chart__readout" aria-hidden="true">
        {day ? (
          <>
            {formatDay(day)}: <strong>{formatFigure(data.current[index] ?? null)}</strong>
            {data.previous && (
              <span className="line-chart__before">
                {' '}
                ({u.periodBefore.toLowerCase()}: {formatFigure(data.previous[index] ?? null)})
              </span>
            )}
          </>
        ) : data.previous ? (
          <>
            <span className="line-chart__key line-chart__key--now" /> {u.thisPeriod}{' '}
            <span className="line-chart__key line-chart__key--before" /> {u.periodBefore}
          </>
        ) : (
          u.pointForDay
        )}
      </p>
      <div
        ref={box}
        className="line-chart__plot"
        role="img"
        aria-label={`${label} per day, as a line chart`}
        style={{ height }}
      />
    </div>
  );
}
