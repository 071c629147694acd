import { describe, expect, it } from '@jest/globals';
import { badgeEarnedDrafts } from './notification-drafts.js';

const AT = Date.parse('2026-11-26T10:00:00Z');

describe('105: badge earned (issue #17)', () => {
  it('tells the user, with the badge in data, once per badge', () => {
    const event = { uid: 'u-1', badge: 'first-article', earnedAtMs: AT, grantedBy: '' };
    expect(badgeEarnedDrafts(event)).toEqual([
      expect.objectContaining({
        uid: 'u-1',
        type: 105,
        actorUid: null,
        data: { badge: 'first-article' },
        dedupeKey: 'badge:first-article',
        at: new Date(AT),
      }),
    ]);
    // The same badge again (a redelivery under another id) has the same key; another badge is new.
    expect(badgeEarnedDrafts({ ...event, earnedAtMs: AT + 1 })[0]!.dedupeKey).toBe('badge:first-article');
    expect(badgeEarnedDrafts({ ...event, badge: 'commenter' })[0]!.dedupeKey).toBe('badge:commenter');
  });

  it('makes nothing of an event naming no user or no badge', () => {
    expect(badgeEarnedDrafts({ uid: '', badge: 'commenter', earnedAtMs: AT, grantedBy: '' })).toEqual([]);
    expect(badgeEarnedDrafts({ uid: 'u-1', badge: '', earnedAtMs: AT, grantedBy: '' })).toEqual([]);
  });
});
