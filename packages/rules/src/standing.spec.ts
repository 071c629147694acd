import { describe, expect, it } from '@jest/globals';
import {
  BADGES,
  BADGE_IDS,
  RATING_KINDS,
  RATING_WEIGHTS,
  STAFF_BADGES,
  badgesEarnedBy,
  isProfileComplete,
  currentPeriod,
  periodStartDay,
  ratingTier,
  readEarnsPoint,
  readPoints,
  voteKind,
  votePoints,
} from './standing.js';
import { SUPPORTER_BADGE_QEPIK } from './donations.js';
import { DOWNVOTE_MIN_RATING, canDownvote } from './engagement.js';

describe('standing rules', () => {
  it('has a weight and a description key for every kind', () => {
    for (const kind of RATING_KINDS) {
      expect(Number.isInteger(RATING_WEIGHTS[kind].points)).toBe(true);
      expect(RATING_WEIGHTS[kind].description).toBe(kind);
    }
    expect(RATING_WEIGHTS.articleUpvote.points).toBeGreaterThan(0);
    expect(RATING_WEIGHTS.banned.points).toBeLessThan(0);
  });

  it('a vote change moves by the new weight minus the old', () => {
    expect(votePoints('article', 'up', '')).toBe(2);
    expect(votePoints('article', '', 'up')).toBe(-2);
    expect(votePoints('article', 'down', 'up')).toBe(-4);
    expect(votePoints('article', 'up', 'down')).toBe(4);
    expect(votePoints('comment', 'up', 'none')).toBe(1);
    expect(votePoints('comment', 'down', '')).toBe(-1);
    expect(votePoints('comment', 'up', 'up')).toBe(0);
    expect(voteKind('article', '', 'down')).toBe('articleDownvote');
    expect(voteKind('comment', 'up', 'down')).toBe('commentUpvote');
    expect(voteKind('comment', '', '')).toBeUndefined();
  });

  it('tiers follow SPEC.md section 4 (a boundary belongs to the higher tier; Leader is over 1000)', () => {
    expect(ratingTier(-0.5)).toBe('bad');
    expect(ratingTier(0)).toBe('guest');
    expect(ratingTier(9.9)).toBe('guest');
    expect(ratingTier(10)).toBe('amateur');
    expect(ratingTier(99)).toBe('amateur');
    expect(ratingTier(100)).toBe('pro');
    expect(ratingTier(1000)).toBe('pro');
    expect(ratingTier(1000.5)).toBe('leader');
    expect(ratingTier(Number.NaN)).toBe('bad');
    // Downvoting needs Pro: the same floor.
    expect(canDownvote(DOWNVOTE_MIN_RATING)).toBe(true);
    expect(ratingTier(DOWNVOTE_MIN_RATING)).toBe('pro');
  });

  it('has the twelve badges, each once, the staff ones without a counter', () => {
    expect(BADGES.map((badge) => badge.id)).toEqual([...BADGE_IDS]);
    expect(BADGES).toHaveLength(12);
    expect(STAFF_BADGES).toEqual(['beta-tester', 'bug-hunter']);
    expect(BADGES.find((badge) => badge.id === 'supporter')?.threshold).toBe(SUPPORTER_BADGE_QEPIK);
  });

  it('a counter earns the badges whose threshold it reached', () => {
    expect(badgesEarnedBy('articlesPublished', 0)).toEqual([]);
    expect(badgesEarnedBy('articlesPublished', 1)).toEqual(['first-article']);
    expect(badgesEarnedBy('commentUpvotes', 49)).toEqual([]);
    expect(badgesEarnedBy('commentUpvotes', 50)).toEqual(['comment-upvotes']);
    expect(badgesEarnedBy('articlesWith5Upvotes', 10)).toEqual(['popular-articles']);
    expect(badgesEarnedBy('articleUpvotes', 100)).toEqual(['article-upvotes']);
    expect(badgesEarnedBy('articleViews', 9_999)).toEqual([]);
    expect(badgesEarnedBy('articleViews', 10_000)).toEqual(['views']);
    expect(badgesEarnedBy('followers', 50)).toEqual(['followers']);
    expect(badgesEarnedBy('supportSentQepik', 9_999)).toEqual([]);
    expect(badgesEarnedBy('supportSentQepik', 10_000)).toEqual(['supporter']);
    expect(badgesEarnedBy('supporters', 50)).toEqual(['supporters']);
    expect(badgesEarnedBy('commentsPublished', 10)).toEqual(['commenter']);
  });

  it('a complete profile has every part', () => {
    const full = { picture: true, cover: true, headline: 'h', bio: 'b', birthdate: '2000-01-01', links: 1 };
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, picture: false })).toBe(false);
    expect(isProfileComplete({ ...full, cover: false })).toBe(false);
    expect(isProfileComplete({ ...full, headline: ' ' })).toBe(false);
    expect(isProfileComplete({ ...full, bio: '' })).toBe(false);
    expect(isProfileComplete({ ...full, birthdate: null })).toBe(false);
    expect(isProfileComplete({ ...full, links: 0 })).toBe(false);
  });

  it('periods are the calendar week (from Monday) and month in Asia/Baku; all time has none', () => {
    const at = (iso: string) => new Date(iso).getTime();
    // Saturday 2026-11-28 in Baku (UTC+4): the week began on Monday the 23rd, the month on the 1st.
    expect(periodStartDay('week', at('2026-11-28T12:00:00Z'))).toBe('2026-11-23');
    expect(periodStartDay('month', at('2026-11-28T12:00:00Z'))).toBe('2026-11-01');
    // Sunday 23:59:59 in Baku is still that week; Monday 00:00 in Baku (Sunday 20:00 UTC) begins the next.
    expect(periodStartDay('week', at('2026-11-29T19:59:59.999Z'))).toBe('2026-11-23');
    expect(periodStartDay('week', at('2026-11-29T20:00:00Z'))).toBe('2026-11-30');
    // Monday itself starts its week; a week across months and years keeps its Monday.
    expect(periodStartDay('week', at('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(periodStartDay('week', at('2027-01-01T10:00:00Z'))).toBe('2026-12-28');
    // The month turns at midnight in Baku: 20:00 UTC on the last day.
    expect(periodStartDay('month', at('2026-11-30T19:59:59.999Z'))).toBe('2026-11-01');
    expect(periodStartDay('month', at('2026-11-30T20:00:00Z'))).toBe('2026-12-01');
    expect(periodStartDay('month', at('2026-12-31T20:00:00Z'))).toBe('2027-01-01');
    const now = new Date('2026-11-28T00:00:00Z');
    expect(currentPeriod('week', now)).toEqual({ period: 'week', starts: '2026-11-23' });
    expect(currentPeriod('month', now)).toEqual({ period: 'month', starts: '2026-11-01' });
    expect(currentPeriod('all', now)).toBeUndefined();
  });

  it('every 10th read earns a point', () => {
    expect(readEarnsPoint(10)).toBe(true);
    expect(readEarnsPoint(11)).toBe(false);
    expect(readEarnsPoint(0)).toBe(false);
    expect(readPoints(0, 9)).toBe(0);
    expect(readPoints(0, 10)).toBe(1);
    expect(readPoints(9, 31)).toBe(3);
    expect(readPoints(31, 39)).toBe(0);
    expect(readPoints(40, 30)).toBe(0);
  });
});
