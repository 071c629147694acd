import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_NOTIFICATION_MAIL,
  isNotificationType,
  keyOfType,
  NOTIFICATION_KEYS,
  NOTIFICATION_TYPE_KEYS,
  wantsNotification,
  wantsNotificationMail,
} from './index.js';

describe('notification types and keys (SPEC.md section 3)', () => {
  it('maps each key to exactly one type: cr is votes on my comments, cc replies to them', () => {
    expect(NOTIFICATION_TYPE_KEYS).toEqual({
      0: 'ar',
      1: 'ac',
      2: 'ara',
      3: 'at',
      4: 'atra',
      50: 'cr',
      51: 'cc',
      52: 'cra',
    });
    expect(new Set(Object.values(NOTIFICATION_TYPE_KEYS))).toEqual(new Set(NOTIFICATION_KEYS));
  });

  it('keeps welcome, new follower, publication subscription and co-author invitation always on, not mailed', () => {
    for (const type of [100, 104, 300, 500] as const) {
      expect(keyOfType(type)).toBeUndefined();
      expect(wantsNotification(type, { ar: false, ac: false })).toBe(true);
      expect(wantsNotificationMail(type, {}, { ar: true })).toBe(false);
    }
  });

  it('always mails a support (200), a payout (201), an invitation (400) and a failed payment (301), switches aside', () => {
    const off = Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, false]));
    for (const type of [200, 201, 301, 400] as const) {
      expect(keyOfType(type)).toBeUndefined();
      expect(wantsNotification(type, off)).toBe(true);
      expect(wantsNotificationMail(type, off, off)).toBe(true);
    }
  });

  it('honours a switch turned off and defaults an unsaved one to on', () => {
    expect(wantsNotification(0, { ar: false })).toBe(false);
    expect(wantsNotification(0, {})).toBe(true);
    expect(wantsNotification(50, { cc: false })).toBe(true);
    expect(wantsNotification(51, { cc: false })).toBe(false);
  });

  it('mails by default only the review outcomes, and never what is off in the app', () => {
    expect(
      Object.entries(DEFAULT_NOTIFICATION_MAIL)
        .filter(([, on]) => on)
        .map(([key]) => key),
    ).toEqual(['ara', 'atra', 'cra']);
    expect(wantsNotificationMail(2, {}, {})).toBe(true);
    expect(wantsNotificationMail(0, {}, {})).toBe(false);
    expect(wantsNotificationMail(0, {}, { ar: true })).toBe(true);
    expect(wantsNotificationMail(2, { ara: false }, { ara: true })).toBe(false);
  });

  it('knows the types of the specification only', () => {
    expect(isNotificationType(52)).toBe(true);
    expect(isNotificationType(53)).toBe(false);
    expect([200, 201, 300, 301, 400].every(isNotificationType)).toBe(true);
    expect(isNotificationType(202)).toBe(false);
  });
});
