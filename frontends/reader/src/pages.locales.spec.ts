import { catalogueProblems } from '@pencraft/i18n';
import { BADGE_IDS, RATING_KINDS, RATING_TIERS } from '@pencraft/rules';
import az from './locales/pages/az.js';
import en from './locales/pages/en.js';
import ru from './locales/pages/ru.js';

describe('the pages catalogue (documents, contact, guides)', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every rating tier, rating event and badge of the rules, so the rating guide shows them all', () => {
    for (const messages of [en, az, ru]) {
      expect(Object.keys(messages.guides.rating.tiers).sort()).toEqual([...RATING_TIERS].sort());
      expect(Object.keys(messages.guides.rating.kinds).sort()).toEqual([...RATING_KINDS].sort());
      expect(Object.keys(messages.guides.rating.badges).sort()).toEqual([...BADGE_IDS].sort());
    }
  });
});
