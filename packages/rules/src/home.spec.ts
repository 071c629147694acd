import { describe, expect, it } from '@jest/globals';
import {
  addHeat,
  formatHomeCursor,
  HOME_CURSOR_MAX,
  isHomeTab,
  nextHomeCursor,
  parseHomeCursor,
  TREND_EPOCH_MS,
  trendHeat,
  trendScore,
} from './home.js';

const ID = '0b6f7c9e-3a52-4d1e-9c51-7d2f3a1b4c5d';
const HOUR = 3_600_000;

describe('home cursor', () => {
  it('reads what it writes', () => {
    for (const cursor of [
      { phase: 'l' as const, lang: 'az' as const, after: { atMs: 1_780_000_000_000, id: ID } },
      { phase: 'o' as const, lang: 'ru' as const, after: { atMs: 0, id: ID } },
      { phase: 'o' as const, lang: 'en' as const },
    ]) {
      expect(parseHomeCursor(formatHomeCursor(cursor))).toEqual(cursor);
    }
    expect(parseHomeCursor('')).toBeUndefined();
    expect(parseHomeCursor(undefined)).toBeUndefined();
  });

  it('refuses anything else (InvalidPage, never a server error)', () => {
    for (const bad of [
      'l',
      'o',
      'l.az',
      'o.de',
      'l.1.' + ID,
      'x.az.1.' + ID,
      'l.az.1.not-a-uuid-at-all-but-36-chars-long',
      'l.az.1234567890123456.' + ID,
      // Past the year 9999 (a server error in PostgreSQL before 14 digits were the most).
      'l.en.808807138612532.' + ID,
      'o.az.999999999999999.' + ID,
      'l.az.-1.' + ID,
      'l.az.1.' + ID + 'x',
      "o'; drop table",
      'o'.repeat(HOME_CURSOR_MAX + 1),
      'l.az.1.zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    ]) {
      expect(parseHomeCursor(bad)).toBeNull();
    }
  });

  it('continues after the last card, then with the other languages, then ends, in the language it started in', () => {
    const last = { phase: 'l' as const, atMs: 5, id: ID };
    expect(nextHomeCursor(last, true, 'l', 'az')).toBe(`l.az.5.${ID}`);
    expect(nextHomeCursor(last, false, 'l', 'en')).toBe('o.en');
    expect(nextHomeCursor(undefined, false, 'l', 'az')).toBe('o.az');
    expect(nextHomeCursor({ ...last, phase: 'o' }, true, 'o', 'ru')).toBe(`o.ru.5.${ID}`);
    expect(nextHomeCursor({ ...last, phase: 'o' }, false, 'o', 'ru')).toBe('');
  });

  it('knows the tabs', () => {
    expect(isHomeTab('all') && isHomeTab('following') && isHomeTab('suggestions')).toBe(true);
    expect(isHomeTab('top')).toBe(false);
  });
});

describe('trending score', () => {
  const now = TREND_EPOCH_MS + 300 * 24 * HOUR;

  it('weighs votes over comments over reads, and adds up like a sum', () => {
    const vote = trendScore(trendHeat('vote', 1, now)!, now);
    const comment = trendScore(trendHeat('comment', 1, now)!, now);
    const read = trendScore(trendHeat('read', 1, now)!, now);
    expect(vote).toBeCloseTo(3);
    expect(comment).toBeCloseTo(2);
    expect(read).toBeCloseTo(1);
    const both = addHeat(trendHeat('vote', 1, now), trendHeat('read', 4, now)!);
    expect(trendScore(both, now)).toBeCloseTo(7);
    expect(addHeat(null, 1.5)).toBe(1.5);
    expect(trendHeat('read', 0, now)).toBeUndefined();
  });

  it('halves each day, so a fresh vote beats an older one', () => {
    const old = trendHeat('vote', 1, now - 24 * HOUR)!;
    expect(trendScore(old, now)).toBeCloseTo(1.5);
    expect(trendHeat('vote', 1, now)!).toBeGreaterThan(old);
    // Two votes a day ago weigh as much as one now: the order is the order of the decayed scores.
    expect(addHeat(old, old)).toBeCloseTo(trendHeat('vote', 1, now)!);
  });

  it('never overflows, years after the epoch', () => {
    const later = TREND_EPOCH_MS + 40 * 365 * 24 * HOUR;
    const heat = addHeat(trendHeat('vote', 1, later), trendHeat('vote', 1, later)!);
    expect(Number.isFinite(heat)).toBe(true);
    expect(trendScore(heat, later)).toBeCloseTo(6);
  });
});
