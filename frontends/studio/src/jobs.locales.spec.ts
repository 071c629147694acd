import { catalogueProblems } from '@pencraft/i18n';
import { EMPLOYMENT_TYPES, JOB_CATEGORIES } from '@pencraft/rules';
import az from './locales/jobs/az.js';
import en from './locales/jobs/en.js';
import ru from './locales/jobs/ru.js';
import studioAz from './locales/az.js';
import studioEn from './locales/en.js';
import studioRu from './locales/ru.js';

describe('the studio jobs catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every employment type and category of the rules in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(Object.keys(catalogue.types).sort()).toEqual([...EMPLOYMENT_TYPES].sort());
      expect(Object.keys(catalogue.categories).sort()).toEqual([...JOB_CATEGORIES].sort());
    }
  });

  it("names the section in the studio's navigation in each language (the studio catalogue's sections.jobs)", () => {
    for (const catalogue of [studioEn, studioAz, studioRu]) expect(catalogue.sections.jobs).not.toBe('');
  });
});
