import { catalogueProblems } from '@pencraft/i18n';
import { STAFF_BADGES } from '@pencraft/rules';
import az from './locales/badges/az.js';
import en from './locales/badges/en.js';
import ru from './locales/badges/ru.js';

describe('the staff badges catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every badge staff grant in each language', () => {
    for (const catalogue of [en, az, ru]) expect(Object.keys(catalogue.names).sort()).toEqual([...STAFF_BADGES].sort());
  });
});
