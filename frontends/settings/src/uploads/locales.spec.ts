import { catalogueProblems } from '@pencraft/i18n';
import az from './locales/az.js';
import en from './locales/en.js';
import ru from './locales/ru.js';
import settingsAz from '../locales/az.js';
import settingsEn from '../locales/en.js';
import settingsRu from '../locales/ru.js';

describe('the uploads catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it("names the section on the settings index in each language (the settings catalogue's sections.uploads)", () => {
    for (const catalogue of [settingsEn, settingsAz, settingsRu]) {
      expect(catalogue.sections.uploads.title).not.toBe('');
      expect(catalogue.sections.uploads.hint).not.toBe('');
    }
  });
});
