import { catalogueProblems } from '@pencraft/i18n';
import { RATING_KINDS, RATING_TIERS } from '@pencraft/rules';
import az from './locales/rating/az.js';
import en from './locales/rating/en.js';
import ru from './locales/rating/ru.js';

describe('the rating log catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every rating kind and tier of the rules in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(Object.keys(catalogue.kinds).sort()).toEqual([...RATING_KINDS].sort());
      expect(Object.keys(catalogue.tiers).sort()).toEqual([...RATING_TIERS].sort());
    }
  });
});
