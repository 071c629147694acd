import { catalogueProblems } from '@pencraft/i18n';
import { LANGS, SEARCH_HIT_KINDS } from '@pencraft/rules';
import az from './locales/search/az.js';
import en from './locales/search/en.js';
import ru from './locales/search/ru.js';

describe('the search catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every kind of hit and every language in each language', () => {
    for (const catalogue of [en, az, ru]) {
      for (const kind of SEARCH_HIT_KINDS) expect(catalogue.kinds[kind]).toBeTruthy();
      expect(Object.keys(catalogue.languages).sort()).toEqual([...LANGS].sort());
    }
  });
});
