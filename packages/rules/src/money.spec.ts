import { describe, expect, it } from '@jest/globals';
import { exactManats, formatManat, parseManat } from './money.js';

describe('formatManat', () => {
  it('writes qəpik as manats with ₼ in each language’s number format', () => {
    const en = formatManat(123_450, 'en');
    expect(en).toContain('₼');
    expect(en).toContain('1,234.50');
    const ru = formatManat(123_450, 'ru');
    expect(ru).toContain('₼');
    expect(ru.replace(/\s/g, ' ')).toContain('1 234,50');
    const az = formatManat(500, 'az');
    expect(az).toContain('₼');
    expect(az).toContain('5,00');
    expect(az).not.toContain('AZN');
  });

  it('writes the same text on every page: the sign where the language puts it, never "AZN"', () => {
    expect(formatManat(123_450, 'az')).toBe('1.234,50\u00a0₼');
    expect(formatManat(123_450, 'en')).toBe('₼1,234.50');
    expect(formatManat(123_450, 'ru')).toBe('1\u00a0234,50\u00a0₼');
    expect(formatManat(500, 'en')).toBe('₼5.00');
    expect(formatManat(0, 'en')).toBe('₼0.00');
  });

  it('writes az, en and ru as full locale data does, in a browser that has none for them', () => {
    const languages = ['az', 'en', 'ru'];
    const amounts = [0, 5, 99, 100, 1_000, 123_450, 100_000_000, -1_005, -123_456_789];
    // What Intl with full locale data (this Node) writes, …
    const intl = (qepik: number, language: string) =>
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency: 'AZN',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
      })
        .formatToParts(exactManats(qepik))
        .map((part) => (part.type === 'currency' ? '₼' : part.value))
        .join('');
    const expected = languages.map((language) => amounts.map((qepik) => intl(qepik, language)));
    // … formatManat writes too, while Intl knows no language (as Chromium knows no Azerbaijani).
    const real = Intl.NumberFormat;
    const english = (_locales?: string | string[], options?: Intl.NumberFormatOptions) => new real('en', options);
    Intl.NumberFormat = english as unknown as typeof Intl.NumberFormat;
    try {
      expect(languages.map((language) => amounts.map((qepik) => formatManat(qepik, language)))).toEqual(expected);
      expect(formatManat(500, 'az-AZ')).toBe('5,00\u00a0₼');
    } finally {
      Intl.NumberFormat = real;
    }
  });
});

describe('exactManats', () => {
  it('writes integer qəpik as exact decimal text by integer arithmetic', () => {
    expect(exactManats(0)).toBe('0.00');
    expect(exactManats(5)).toBe('0.05');
    expect(exactManats(123_450)).toBe('1234.50');
    expect(exactManats(-1_005)).toBe('-10.05');
    // Past what qəpik / 100 would carry exactly as a float.
    expect(exactManats(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(formatManat(Number.MAX_SAFE_INTEGER, 'en')).toContain('90,071,992,547,409.91');
    expect(() => exactManats(1.5)).toThrow(RangeError);
  });
});

describe('parseManat', () => {
  it('reads whole manats and up to two decimals with a point or a comma', () => {
    expect(parseManat('12')).toBe(1200);
    expect(parseManat(' 12,5 ')).toBe(1250);
    expect(parseManat('0.99')).toBe(99);
    expect(parseManat('1 000.01 ₼')).toBe(100_001);
  });

  it('tells an empty field from text that is no amount', () => {
    expect(parseManat('  ')).toBeUndefined();
    expect(parseManat('12.345')).toBeNaN();
    expect(parseManat('-5')).toBeNaN();
    expect(parseManat('abc')).toBeNaN();
  });
});
