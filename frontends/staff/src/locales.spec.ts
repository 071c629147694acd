import { catalogueProblems } from '@pencraft/i18n';
import { AUDIT_ACTIONS, AUDIT_SUBJECT_KINDS, AUTO_DECISIONS } from '@pencraft/rules';
import az from './locales/az.js';
import en from './locales/en.js';
import ru from './locales/ru.js';

describe('the staff console catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  // The pages build these keys from the values the API answers (`actions.${action}`, `auto.${decision}`, ...).
  it.each([
    ['actions', AUDIT_ACTIONS],
    ['subjects', AUDIT_SUBJECT_KINDS],
    ['auto', AUTO_DECISIONS],
  ] as const)('labels every value of the rules’ list under %s', (prefix, values) => {
    const label = (key: string) =>
      key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], en);
    expect(values.filter((value) => typeof label(`${prefix}.${value}`) !== 'string')).toEqual([]);
  });
});
