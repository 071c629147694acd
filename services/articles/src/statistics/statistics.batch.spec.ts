import { describe, expect, it } from '@jest/globals';
import { articleField, dayOf, daysUpTo, parseBatch, siteField } from './statistics.batch.js';

const A = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const B = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';

describe('parseBatch', () => {
  it('turns the fields of a claimed batch into one row per article and day and one per site day', () => {
    const parsed = parseBatch({
      [articleField(A, '2026-11-25', 'v')]: '5',
      [articleField(A, '2026-11-25', 'u')]: '2',
      [articleField(A, '2026-11-25', 'r')]: '1',
      [articleField(A, '2026-11-25', 's')]: '95',
      [articleField(A, '2026-11-26', 'v')]: '1',
      [articleField(B, '2026-11-26', 'v')]: '3',
      [siteField('2026-11-26', 'v')]: '9',
      [siteField('2026-11-26', 'u')]: '4',
    });
    expect(parsed.articles).toEqual(
      expect.arrayContaining([
        { articleId: A, day: '2026-11-25', views: 5, userViews: 2, reads: 1, readSeconds: 95 },
        { articleId: A, day: '2026-11-26', views: 1, userViews: 0, reads: 0, readSeconds: 0 },
        { articleId: B, day: '2026-11-26', views: 3, userViews: 0, reads: 0, readSeconds: 0 },
      ]),
    );
    expect(parsed.articles).toHaveLength(3);
    expect(parsed.site).toEqual([{ day: '2026-11-26', views: 9, userViews: 4 }]);
  });

  it('skips fields it does not know and counts that are not positive whole numbers', () => {
    expect(
      parseBatch({
        [`a:not-an-id:2026-11-26:v`]: '1',
        [articleField(A, '26.11.2026', 'v')]: '1',
        [articleField(A, '2026-11-26', 'x' as 'v')]: '1',
        [articleField(A, '2026-11-26', 'v')]: 'NaN',
        [siteField('2026-11-26', 'v')]: '-3',
        'z:whatever': '7',
      }),
    ).toEqual({ articles: [], site: [] });
  });
});

describe('days', () => {
  it('names the UTC day', () => {
    expect(dayOf(new Date('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
    expect(dayOf(new Date('2026-11-27T00:00:00Z'))).toBe('2026-11-27');
  });

  it('lists a period oldest first, across month ends', () => {
    expect(daysUpTo(new Date('2026-12-01T10:00:00Z'), 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(daysUpTo(new Date('2026-12-01T10:00:00Z'), 1)).toEqual(['2026-12-01']);
  });
});
