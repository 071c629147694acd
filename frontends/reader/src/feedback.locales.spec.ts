import { catalogueProblems } from '@pencraft/i18n';
import { FEEDBACK_MESSAGES, FEEDBACK_TYPES } from '@pencraft/rules';
import az from './locales/feedback/az.js';
import en from './locales/feedback/en.js';
import ru from './locales/feedback/ru.js';

describe('the feedback catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it("names every type of the rules and shows the rules' own messages in each language", () => {
    for (const [lang, catalogue] of Object.entries({ en, az, ru })) {
      expect(Object.keys(catalogue.types).sort()).toEqual([...FEEDBACK_TYPES].sort());
      expect(catalogue.errors).toBe(FEEDBACK_MESSAGES[lang as 'en' | 'az' | 'ru']);
    }
    expect(az.errors.titleMissing).toBe('Mövzu qeyd edin');
    expect(az.errors.descriptionTooShort).toBe('Rəyi geniş təsvir edin. Ən azı 20 simvol.');
  });
});
