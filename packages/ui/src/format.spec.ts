import type { TFunction } from 'i18next';
import { formatDate, formatDateTime } from './format.js';

const words: Record<string, string> = {
  'common:date.months': 'yanvar,fevral,mart,aprel,may,iyun,iyul,avqust,sentyabr,oktyabr,noyabr,dekabr',
};
const t = ((key: string, options?: { day: number; month: string; year: number }) =>
  key === 'common:date.long'
    ? `${options!.day} ${options!.month} ${options!.year}`
    : words[key]) as unknown as TFunction;

describe('dates from the common catalogue', () => {
  it('names the month from the catalogue', () => {
    expect(formatDate(new Date(2026, 10, 25, 9, 5).getTime(), t)).toBe('25 noyabr 2026');
  });

  it('adds the time of day in 24 hours', () => {
    expect(formatDateTime(new Date(2026, 0, 3, 9, 5).toISOString(), t)).toBe('3 yanvar 2026, 09:05');
  });

  it('gives nothing for a missing or invalid time', () => {
    expect(formatDate(undefined, t)).toBe('');
    expect(formatDate('', t)).toBe('');
    expect(formatDateTime('not a date', t)).toBe('');
  });
});
