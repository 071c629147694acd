import { useEffect, useRef } from 'react';
// uPlot's few rules (its canvas and axes placement), in this page's chunk; its code loads with the first chart.
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A CSS custom property of the theme (read when drawn, so both themes get their colours). */
  colour: string;
  dash?: number[];
}

/**
 * A line chart drawn by uPlot, loaded only when a chart is shown (its own chunk, inside the studio remote). The
 * canvas is an image for assistive technology (`label`); the numbers are in the table each page puts beside it.
 */
export function LineChart({
  label,
  dates,
  series,
  formatValue,
}: {
  label: string;
  /** YYYY-MM-DD, oldest first. */
  dates: readonly string[];
  series: readonly ChartSeries[];
  /** How the vertical axis writes a value (plain numbers when absent); keep it stable (useCallback). */
  formatValue?: (value: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let disposed = false;
    let destroy = () => {};
    void import('uplot').then(({ default: UPlot }) => {
      if (disposed) return;
      const style = getComputedStyle(element);
      const colour = (name: string) => style.getPropertyValue(name).trim() || style.color;
      const axis = { stroke: colour('--pc-muted'), grid: { stroke: colour('--pc-border'), width: 1 } };
      const width = () => Math.max(element.clientWidth, 240);
      const plot = new UPlot(
        {
          width: width(),
          height: 220,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
          axes: [
            axis,
            formatValue
              ? { ...axis, size: 80, values: (_u: unknown, splits: number[]) => splits.map(formatValue) }
              : { ...axis, size: 48 },
          ],
          series: [
            {},
            ...series.map((entry) => ({
              label: entry.label,
              stroke: colour(entry.colour),
              width: 2,
              ...(entry.dash ? { dash: entry.dash } : {}),
              points: { show: dates.length <= 31 },
            })),
          ],
        },
        [dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 1000), ...series.map((entry) => [...entry.values])],
        element,
      );
      const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
      observer.observe(element);
      destroy = () => {
        observer.disconnect();
        plot.destroy();
      };
    });
    return () => {
      disposed = true;
      destroy();
    };
  }, [dates, series, formatValue]);

  return <div ref={box} className="pc-studio__chart" role="img" aria-label={label} data-chart />;
}
