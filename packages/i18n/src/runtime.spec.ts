import { DEFAULT_LANG, LANGS } from '@pencraft/rules';
import { DEFAULT_LANGUAGE, detectLanguage, isLanguage, LANGUAGES } from './runtime.js';

describe('the languages of the pages', () => {
  it('are the rules’ list itself, not a copy that could drift', () => {
    expect(LANGUAGES).toBe(LANGS);
    expect(DEFAULT_LANGUAGE).toBe(DEFAULT_LANG);
  });

  it('keep a stored language of the list and fall back to the default otherwise', () => {
    for (const language of LANGS) expect(detectLanguage({ getItem: () => language })).toBe(language);
    expect(detectLanguage({ getItem: () => 'de' })).toBe(DEFAULT_LANG);
    expect(isLanguage('de')).toBe(false);
  });
});
