import { catalogueProblems } from '@pencraft/i18n';
import { BADGE_IDS, LEADERBOARD_PERIODS, RATING_TIERS } from '@pencraft/rules';
import az from './locales/standing/az.js';
import en from './locales/standing/en.js';
import ru from './locales/standing/ru.js';

describe('the standing catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every badge, tier and period of the rules in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(Object.keys(catalogue.badges.names).sort()).toEqual([...BADGE_IDS].sort());
      expect(Object.keys(catalogue.badges.descriptions).sort()).toEqual([...BADGE_IDS].sort());
      expect(Object.keys(catalogue.tiers).sort()).toEqual([...RATING_TIERS].sort());
      expect(Object.keys(catalogue.leaderboard.period).sort()).toEqual([...LEADERBOARD_PERIODS].sort());
    }
  });
});
