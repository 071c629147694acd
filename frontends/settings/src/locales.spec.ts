import { catalogueProblems } from '@pencraft/i18n';
import { ACCOUNT_LOG_TYPES } from '@pencraft/rules';
import az from './locales/az.js';
import en from './locales/en.js';
import ru from './locales/ru.js';

describe('the settings catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('labels every account-log type of the rules’ list (the page reads log.types.<type>)', () => {
    expect(ACCOUNT_LOG_TYPES.filter((type) => !(type in en.log.types))).toEqual([]);
  });
});
