import type { TFunction } from 'i18next';
import { banState, countryName, formatDate, formatDateTime } from './format.js';

const words: Record<string, string> = {
  'common:date.months': 'yanvar,fevral,mart,aprel,may,iyun,iyul,avqust,sentyabr,oktyabr,noyabr,dekabr',
};
const t = ((key: string, options?: { day: number; month: string; year: number }) =>
  key === 'common:date.long'
    ? `${options!.day} ${options!.month} ${options!.year}`
    : words[key]) as unknown as TFunction;

describe('dates on the settings pages', () => {
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

describe('country names and ban states', () => {
  it('names a country from its ISO code and nothing for unknown', () => {
    expect(countryName('AZ', 'en')).toBe('Azerbaijan');
    expect(countryName('unknown', 'en')).toBeUndefined();
    expect(countryName('', 'en')).toBeUndefined();
  });

  it('tells a lifted, an ended and a ban in force apart', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(banState({ endsAt: null, liftedAt: '2026-11-20T00:00:00Z' }, now)).toBe('lifted');
    expect(banState({ endsAt: '2026-11-25T00:00:00Z', liftedAt: null }, now)).toBe('ended');
    expect(banState({ endsAt: '2026-12-25T00:00:00Z', liftedAt: null }, now)).toBe('active');
    expect(banState({ endsAt: null, liftedAt: null }, now)).toBe('active');
  });
});
