import { bars, busiestDay, niceCeiling, splitSeconds } from './chart.js';

const day = (date: string, views: number, reads: number) => ({ date, views, reads });

describe('the daily chart', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [10, 10],
    [11, 20],
    [180, 200],
    [450, 500],
    [1001, 2000],
  ])('puts the top of the axis for a largest value of %i at %i', (max, top) => {
    expect(niceCeiling(max)).toBe(top);
  });

  it('draws one bar per day, scaled to the nice top, views and reads on the same scale', () => {
    const chart = bars([day('2026-11-24', 8, 2), day('2026-11-25', 0, 0), day('2026-11-26', 4, 4)], 300, 100);
    expect(chart.top).toBe(10);
    expect(chart.bars.map((b) => [b.date, b.views, b.reads])).toEqual([
      ['2026-11-24', 80, 20],
      ['2026-11-25', 0, 0],
      ['2026-11-26', 40, 40],
    ]);
    expect(chart.bars.map((b) => Math.round(b.x))).toEqual([1, 101, 201]);
    expect(chart.bars.every((b) => b.width === 98)).toBe(true);
  });

  it('keeps an empty period drawable', () => {
    expect(bars([], 300, 100)).toEqual({ top: 1, bars: [] });
    expect(bars([day('2026-11-26', 0, 0)], 300, 100).bars[0]).toMatchObject({ views: 0, reads: 0 });
  });

  it('finds the busiest day (the latest of equals), none when nobody came', () => {
    expect(busiestDay([day('a', 3, 0), day('b', 5, 1), day('c', 5, 0), day('d', 1, 0)])?.date).toBe('c');
    expect(busiestDay([day('a', 0, 0)])).toBeUndefined();
  });

  it('splits seconds into minutes and seconds', () => {
    expect(splitSeconds(0)).toEqual({ minutes: 0, seconds: 0 });
    expect(splitSeconds(59.6)).toEqual({ minutes: 1, seconds: 0 });
    expect(splitSeconds(754)).toEqual({ minutes: 12, seconds: 34 });
    expect(splitSeconds(-3)).toEqual({ minutes: 0, seconds: 0 });
  });
});
