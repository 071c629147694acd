import { createI18n, type Language } from '@pencraft/i18n';
import { formatDate } from './format.js';

describe('formatDate', () => {
  const iso = new Date(2026, 10, 25, 12).toISOString();
  const words = (language: Language) => {
    const { i18n } = createI18n({ language, storage: null });
    return {
      months: i18n.t('date.months'),
      long: (parts: { day: number; month: string; year: number }) => i18n.t('date.long', { ...parts }),
    };
  };

  it('formats long dates from the catalogue words', () => {
    expect(formatDate(iso, words('az'))).toBe('25 noyabr 2026');
    expect(formatDate(iso, words('en'))).toBe('November 25, 2026');
    expect(formatDate(iso, words('ru'))).toBe('25 ноября 2026 г.');
  });

  it('gives nothing for missing or invalid times', () => {
    expect(formatDate(null, words('en'))).toBe('');
    expect(formatDate('not a date', words('en'))).toBe('');
  });
});
