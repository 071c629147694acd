import { catalogueProblems } from '@pencraft/i18n';
import { PARTNER_SCOPES } from '@pencraft/rules';
import az from './locales/partners/az.js';
import en from './locales/partners/en.js';
import ru from './locales/partners/ru.js';

describe('the staff partner clients catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names and explains every partner scope of the rules in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(Object.keys(catalogue.scopes).sort()).toEqual([...PARTNER_SCOPES].sort());
      expect(Object.keys(catalogue.scopeHints).sort()).toEqual([...PARTNER_SCOPES].sort());
    }
  });
});
