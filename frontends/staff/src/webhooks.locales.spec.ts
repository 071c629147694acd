import { catalogueProblems } from '@pencraft/i18n';
import az from './locales/webhooks/az.js';
import en from './locales/webhooks/en.js';
import ru from './locales/webhooks/ru.js';

describe('the staff partner webhooks catalogue', () => {
  it('has every English key in az and ru, each a non-empty string with the same interpolations', () => {
    expect(catalogueProblems({ en, az, ru })).toEqual([]);
  });

  it('names every delivery status the page shows, in each language', () => {
    for (const catalogue of [en, az, ru]) {
      expect(Object.keys(catalogue.statuses).sort()).toEqual(['dead', 'failed', 'pending', 'succeeded']);
    }
  });
});
