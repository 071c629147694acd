import { catalogueProblems } from '@pencraft/i18n';
import az from './locales/az.js';
import en from './locales/en.js';
import ru from './locales/ru.js';

describe('the staff console catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });
});
