import { describe, expect, it } from '@jest/globals';
import { DEFAULT_LANG, LANGS, isLang, pickLang } from './lang.js';

describe('languages', () => {
  it('are az (default), en and ru', () => {
    expect(LANGS).toEqual(['az', 'en', 'ru']);
    expect(DEFAULT_LANG).toBe('az');
    expect(isLang('ru')).toBe(true);
    expect(isLang('fr')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});

describe('pickLang', () => {
  it.each([
    [undefined, 'az'],
    [null, 'az'],
    ['', 'az'],
    ['   ', 'az'],
    ['en', 'en'],
    ['ru', 'ru'],
    ['az', 'az'],
    ['en-US', 'en'],
    ['ru-RU', 'ru'],
    ['az-AZ', 'az'],
    ['az-Latn-AZ', 'az'],
    ['EN-gb', 'en'],
    ['ru_RU', 'ru'],
    ['fr', 'az'],
    ['fr-FR, de;q=0.9', 'az'],
    ['*', 'az'],
    ['fr, en;q=0.5', 'en'],
    ['ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', 'ru'],
    ['en-US,en;q=0.9,ru;q=0.8', 'en'],
    ['en;q=0.5, ru;q=0.8', 'ru'],
    ['az;q=0.3, ru;q=0.3, en;q=0.2', 'az'],
    ['ru;q=0.3, az;q=0.3', 'ru'],
    ['en, ru', 'en'],
    ['ru;q=1.000, en', 'ru'],
    ['en;q=0', 'az'],
    ['az;q=0, ru;q=0.1', 'ru'],
    ['az;q=0, *', 'en'],
    ['en;q=0.5, *;q=0.8', 'az'],
    ['*;q=0.1, ru;q=0.2', 'ru'],
    ['en;q=2, ru;q=0.5', 'ru'],
    ['en;q=abc, ru;q=0.5', 'ru'],
    ['en;q=0.1234, ru;q=0.5', 'ru'],
    ['en ; q = 0.9 , ru ; q = 0.8', 'en'],
    ['en;level=1;q=0.9, ru;q=0.8', 'en'],
    [',,;q=1, ru', 'ru'],
  ])('%j → %s', (header, expected) => {
    expect(pickLang(header)).toBe(expected);
  });
});
