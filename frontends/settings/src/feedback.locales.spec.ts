import { catalogueProblems } from '@pencraft/i18n';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@pencraft/rules';
import az from './locales/feedback/az.js';
import en from './locales/feedback/en.js';
import ru from './locales/feedback/ru.js';

describe('the feedback log catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every type and status of the rules in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(Object.keys(catalogue.types).sort()).toEqual([...FEEDBACK_TYPES].sort());
      expect(Object.keys(catalogue.statuses).sort()).toEqual([...FEEDBACK_STATUSES].sort());
    }
  });
});
