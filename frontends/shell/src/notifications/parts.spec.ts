import i18next from 'i18next';
import az from './locales/az.js';
import en from './locales/en.js';
import type { Notification } from './model.js';
import { sentence } from './parts.js';

const badge = (data: Record<string, unknown>): Notification =>
  ({ id: '1', type: 105, read: false, createdAt: '2026-11-28T07:00:00Z', actor: null, subject: null, data }) as never;

describe("a 105's sentence", () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      ns: ['notifications'],
      defaultNS: 'notifications',
      resources: { en: { notifications: en }, az: { notifications: az } },
      interpolation: { escapeValue: false },
    });
  });

  it("names a known badge in the page's language", () => {
    expect(sentence(badge({ badge: 'bug-hunter' }), i18n.getFixedT('en'), 'en')).toBe(
      'You earned the badge “Bug hunter”.',
    );
    expect(sentence(badge({ badge: 'first-article' }), i18n.getFixedT('az'), 'az')).toBe(
      '«İlk məqalə» nişanını qazandınız.',
    );
  });

  it('keeps the plain sentence for a badge these strings do not know, or none', () => {
    expect(sentence(badge({ badge: 'newer-badge' }), i18n.getFixedT('en'), 'en')).toBe('You earned a new badge.');
    expect(sentence(badge({}), i18n.getFixedT('en'), 'en')).toBe('You earned a new badge.');
  });
});
