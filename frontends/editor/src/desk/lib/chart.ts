// The daily chart's arithmetic, kept apart from the page so it is tested without a browser.
import type { DailyStats } from './desk-api.js';

export interface Bar {
  date: string;
  x: number;
  width: number;
  /** Heights in chart units (0..height), views drawn behind reads. */
  views: number;
  reads: number;
}

/** A "nice" top for the axis: 1, 2 or 5 times a power of ten, at least the largest value (and at least 1). */
export function niceCeiling(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Bars of a `width` × `height` chart, one per day in the given order, with a gap between neighbours. */
export function bars(days: readonly DailyStats[], width: number, height: number): { top: number; bars: Bar[] } {
  const top = niceCeiling(Math.max(0, ...days.map((d) => Math.max(d.views, d.reads))));
  const slot = days.length > 0 ? width / days.length : width;
  const gap = Math.min(2, slot * 0.2);
  return {
    top,
    bars: days.map((day, i) => ({
      date: day.date,
      x: i * slot + gap / 2,
      width: Math.max(slot - gap, 0.5),
      views: (day.views / top) * height,
      reads: (day.reads / top) * height,
    })),
  };
}

/** The day with the most views (the latest of equals), or undefined when nobody came. */
export function busiestDay(days: readonly DailyStats[]): DailyStats | undefined {
  let best: DailyStats | undefined;
  for (const day of days) if (day.views > 0 && (!best || day.views >= best.views)) best = day;
  return best;
}

/** Whole seconds as minutes and seconds. */
export function splitSeconds(total: number): { minutes: number; seconds: number } {
  const rounded = Math.max(0, Math.round(total));
  return { minutes: Math.floor(rounded / 60), seconds: rounded % 60 };
}
