import { catalogueProblems } from '@pencraft/i18n';
import { HOME_TABS } from '@pencraft/rules';
import az from './locales/home/az.js';
import en from './locales/home/en.js';
import ru from './locales/home/ru.js';

describe('the home catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every tab of the rules and its empty list in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(
        Object.keys(catalogue.tabs)
          .filter((key) => key !== 'label')
          .sort(),
      ).toEqual([...HOME_TABS].sort());
      expect(Object.keys(catalogue.list.empty).sort()).toEqual([...HOME_TABS].sort());
    }
  });
});
