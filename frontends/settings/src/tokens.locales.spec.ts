import { catalogueProblems } from '@pencraft/i18n';
import { TOKEN_SCOPES } from '@pencraft/rules';
import az from './locales/tokens/az.js';
import en from './locales/tokens/en.js';
import ru from './locales/tokens/ru.js';

describe('the access tokens catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names and explains every scope a token may hold in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(Object.keys(catalogue.scopeNames).sort()).toEqual([...TOKEN_SCOPES].sort());
      expect(Object.keys(catalogue.scopeHints).sort()).toEqual([...TOKEN_SCOPES].sort());
    }
  });
});
