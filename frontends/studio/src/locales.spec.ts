import { catalogueProblems } from '@pencraft/i18n';
import { PLAN_INTERVALS, PUBLICATION_ROLES, SUBSCRIPTION_TIERS } from '@pencraft/rules';
import az from './locales/az.js';
import en from './locales/en.js';
import ru from './locales/ru.js';
import { SECTIONS } from './sections.js';

describe('the studio catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every section, role, plan interval and subscription tier the pages show', () => {
    expect(SECTIONS.filter((section) => !(section.id in en.sections))).toEqual([]);
    expect(PUBLICATION_ROLES.filter((role) => !(role in en.roles))).toEqual([]);
    expect(PLAN_INTERVALS.filter((interval) => !(interval in en.plans.intervals && interval in en.plans.per))).toEqual(
      [],
    );
    expect(SUBSCRIPTION_TIERS.filter((tier) => !(tier in en.subscribers.tiers))).toEqual([]);
  });
});
