import { catalogueProblems } from '@pencraft/i18n';
import { EMPLOYMENT_TYPES, JOB_CATEGORIES } from '@pencraft/rules';
import az from './locales/jobs/az.js';
import en from './locales/jobs/en.js';
import ru from './locales/jobs/ru.js';

describe('the jobs catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every employment type and category of the rules in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(Object.keys(catalogue.types).sort()).toEqual([...EMPLOYMENT_TYPES].sort());
      expect(Object.keys(catalogue.categories).sort()).toEqual([...JOB_CATEGORIES].sort());
    }
  });
});
