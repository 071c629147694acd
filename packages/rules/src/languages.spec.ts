import { describe, expect, it } from '@jest/globals';
import { DEFAULT_LANG, LANGS, isLang } from './index.js';

describe('languages', () => {
  it('are az (the default), en and ru', () => {
    expect(LANGS).toEqual(['az', 'en', 'ru']);
    expect(DEFAULT_LANG).toBe('az');
    expect(isLang('en')).toBe(true);
    expect(isLang('de')).toBe(false);
    expect(isLang(null)).toBe(false);
  });
});
