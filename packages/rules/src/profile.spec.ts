import { describe, expect, it } from '@jest/globals';
import {
  bioProblem,
  birthdateProblem,
  checkLink,
  DEFAULT_NOTIFICATIONS,
  headlineProblem,
  isGender,
  isLinkProvider,
  isTheme,
  LINKS_MAX,
  LINK_PROVIDERS,
  nextUsernameChange,
  normalizeBio,
  normalizeHeadline,
  NOTIFICATION_KEYS,
  parseIsoDate,
} from './index.js';

const TODAY = new Date('2026-11-26T06:00:00Z');

describe('profile rules (SPEC.md section 3)', () => {
  it.each([
    ['2000-01-31', undefined],
    ['2013-11-26', undefined], // 13 today
    ['2013-11-27', 'birthdateTooYoung'], // 13 tomorrow
    ['2026-11-27', 'birthdateFuture'],
    ['1899-12-31', 'birthdateTooOld'],
    ['2001-02-29', 'birthdate'],
    ['2000-13-01', 'birthdate'],
    ['26-11-2000', 'birthdate'],
    ['', 'birthdate'],
  ])('birthdate %j → %s', (value, problem) => {
    expect(birthdateProblem(value, TODAY)).toBe(problem);
  });

  it('parses only dates that exist', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeUndefined();
  });

  it('limits a headline to 100 characters without markup or control characters', () => {
    expect(normalizeHeadline('  Backend   developer ')).toBe('Backend developer');
    expect(headlineProblem('')).toBeUndefined();
    expect(headlineProblem('ə'.repeat(100))).toBeUndefined();
    expect(headlineProblem('ə'.repeat(101))).toBe('headlineLength');
    expect(headlineProblem('<b>me</b>')).toBe('headlineChars');
    expect(headlineProblem('a\u0000b')).toBe('headlineChars');
  });

  it('keeps line breaks of a bio and limits its length and lines', () => {
    expect(normalizeBio(' Hello  there \r\n\r\n\r\n\r\nsecond ')).toBe('Hello there\n\nsecond');
    expect(bioProblem('a\nb')).toBeUndefined();
    expect(bioProblem('x'.repeat(501))).toBe('bioLength');
    expect(bioProblem(Array.from({ length: 13 }, () => 'x').join('\n'))).toBe('bioLines');
    expect(bioProblem('a\u0007b')).toBe('bioChars');
  });

  it.each([
    ['github', 'https://github.com/leyla', undefined],
    ['github', 'https://www.github.com/leyla', undefined],
    ['linkedin', 'https://az.linkedin.com/in/leyla', undefined],
    ['x', 'https://twitter.com/leyla', undefined],
    ['telegram', 'https://t.me/leyla', undefined],
    ['website', 'https://leyla.dev/', undefined],
    ['github', 'https://gitlab.com/leyla', 'linkHost'],
    ['github', 'https://evilgithub.com/leyla', 'linkHost'],
    ['github', 'https://github.com.evil.io/x', 'linkHost'],
    ['github', 'http://github.com/leyla', 'linkUrl'],
    ['github', 'javascript:alert(1)', 'linkUrl'],
    ['website', 'https://user:pw@leyla.dev', 'linkUrl'],
    ['website', 'https://leyla.dev:8443/', 'linkUrl'],
    ['website', 'https://127.0.0.1/', 'linkUrl'],
    ['website', 'https://localhost/', 'linkUrl'],
    ['website', `https://leyla.dev/${'a'.repeat(300)}`, 'linkUrl'],
    ['myspace', 'https://myspace.com/leyla', 'linkProvider'],
    ['__proto__', 'https://x.com/a', 'linkProvider'],
  ])('link %s %s → %s', (provider, url, problem) => {
    expect(checkLink(provider, url).problem).toBe(problem);
  });

  it('normalizes a link URL as the URL parser does', () => {
    expect(checkLink('github', ' https://GitHub.com/leyla ')).toEqual({ url: 'https://github.com/leyla' });
  });

  it('allows one link per provider', () => {
    expect(LINKS_MAX).toBe(LINK_PROVIDERS.length);
  });

  it('knows the genders, themes and providers by name only', () => {
    expect(isGender('notSpecified')).toBe(true);
    expect(isGender('other')).toBe(false);
    expect(isTheme('system')).toBe(true);
    expect(isTheme('blue')).toBe(false);
    expect(isLinkProvider('toString')).toBe(false);
  });

  it('turns every notification on by default', () => {
    expect(Object.keys(DEFAULT_NOTIFICATIONS)).toEqual([...NOTIFICATION_KEYS]);
    expect(Object.values(DEFAULT_NOTIFICATIONS).every(Boolean)).toBe(true);
  });

  it('lets a username change again 14 days after the last change', () => {
    expect(nextUsernameChange(undefined)).toBeUndefined();
    expect(nextUsernameChange(new Date('2026-11-01T10:00:00Z'))).toEqual(new Date('2026-11-15T10:00:00Z'));
  });
});
