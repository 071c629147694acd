import { catalogues } from '@pencraft/i18n';
import { formatDate } from './format.js';

describe('formatDate', () => {
  const iso = new Date(2026, 10, 25, 12).toISOString();

  it('formats long dates from the catalogue words', () => {
    expect(formatDate(iso, catalogues.common.az.date)).toBe('25 noyabr 2026');
    expect(formatDate(iso, catalogues.common.en.date)).toBe('November 25, 2026');
    expect(formatDate(iso, catalogues.common.ru.date)).toBe('25 ноября 2026 г.');
  });

  it('gives nothing for missing or invalid times', () => {
    expect(formatDate(null, catalogues.common.en.date)).toBe('');
    expect(formatDate('not a date', catalogues.common.en.date)).toBe('');
  });
});
