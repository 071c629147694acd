import { describe, expect, it } from '@jest/globals';
import { ARTICLE_REJECT_SCORE, autoReview, rejectionNote, type AuthorStanding } from './auto-review.rules.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const DAY = 24 * 3_600_000;

const seasoned: AuthorStanding = {
  registeredAt: new Date(NOW.getTime() - 400 * DAY),
  rating: 120,
  confirmed: true,
  bansCount: 0,
  previousRejections: 0,
};

const prose =
  'Bakının köhnə məhəllələrində gəzərkən insan hər addımda tarixlə qarşılaşır. Daş küçələr, dar döngələr və ' +
  'balkonlardan sallanan üzüm tənəkləri şəhərin keçmişindən danışır. Bu yazıda İçərişəhərin az tanınan ' +
  'guşələrini, orada yaşayan sənətkarları və onların gündəlik həyatını təsvir edirəm. Hər bir emalatxananın öz ' +
  'hekayəsi var: xalçaçılar, misgərlər və dülgərlər nəsildən-nəslə ötürülən bacarıqlarını qoruyub saxlayırlar.';

const article = (text: string, title = 'Köhnə şəhərin səsi') => ({
  kind: 'article' as const,
  title,
  description: '',
  text,
});
const comment = (text: string) => ({ kind: 'comment' as const, title: '', description: '', text });

describe('autoReview', () => {
  it('passes ordinary prose by a seasoned author with no signals', () => {
    const result = autoReview(article(prose), seasoned, NOW);
    expect(result).toEqual({ score: 0, signals: [], verdict: 'pass', reasons: [] });
  });

  it('rejects link spam with blocked phrases, naming the strongest reasons first', () => {
    const spam =
      'BUY NOW at https://cheap.example/a and https://cheap.example/b, click here https://cheap.example/c ' +
      'free money https://cheap.example/d casino https://cheap.example/e';
    const result = autoReview(article(spam.repeat(2), 'Free money'), seasoned, NOW);
    expect(result.verdict).toBe('reject');
    expect(result.score).toBeGreaterThanOrEqual(ARTICLE_REJECT_SCORE);
    expect(result.reasons[0]).toBe('blocklist');
    expect(result.reasons).toContain('linkDensity');
  });

  it('scores repeated lines, repeated characters and text in capitals', () => {
    const line = 'THIS IS THE BEST OFFER YOU WILL EVER SEE ON THIS SITE!!!!!!!!!!!!';
    const result = autoReview(article(Array.from({ length: 6 }, () => line).join('\n')), seasoned, NOW);
    const codes = result.signals.map((signal) => signal.code);
    expect(codes).toEqual(expect.arrayContaining(['repeatedText', 'repeatedCharacters', 'allCaps']));
    expect(result.verdict).toBe('reject');
  });

  it('finds blocked phrases of every language whatever the declared one', () => {
    for (const phrase of ['pulsuz pul', 'быстрый заработок', 'crypto giveaway']) {
      const result = autoReview(article(`${prose} ${phrase}.`), seasoned, NOW);
      expect(result.signals).toContainEqual(expect.objectContaining({ code: 'blocklist', detail: phrase }));
    }
  });

  it('does not match a blocked phrase inside other words', () => {
    const result = autoReview(article(`${prose} The casinos of the past were palaces.`), seasoned, NOW);
    expect(result.signals.map((signal) => signal.code)).not.toContain('blocklist');
  });

  it('marks very short articles but only rejects them with other signals', () => {
    const short = autoReview(article('Salam, bu mənim ilk yazımdır.'), seasoned, NOW);
    expect(short.signals).toEqual([expect.objectContaining({ code: 'tooShort' })]);
    expect(short.verdict).toBe('pass');
  });

  it("weighs the account's age, rating, confirmation, rejections and bans, yet never rejects on them alone", () => {
    const newcomer: AuthorStanding = {
      registeredAt: new Date(NOW.getTime() - 3_600_000),
      rating: -5,
      confirmed: false,
      bansCount: 2,
      previousRejections: 4,
    };
    const result = autoReview(article(prose), newcomer, NOW);
    expect(result.signals.map((signal) => signal.code)).toEqual([
      'newAccount',
      'lowRating',
      'unconfirmedAccount',
      'previousRejections',
      'banHistory',
    ]);
    expect(result.score).toBe(60);
    expect(result.verdict).toBe('pass');
  });

  it('lets account signals tip content that is already suspicious', () => {
    const newcomer: AuthorStanding = {
      ...seasoned,
      registeredAt: new Date(NOW.getTime() - 3_600_000),
      confirmed: false,
    };
    const suspicious = `${prose} ${['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((host) => `https://${host}.example`).join(' ')}`;
    expect(autoReview(article(suspicious), seasoned, NOW).verdict).toBe('pass');
    expect(autoReview(article(suspicious), newcomer, NOW).verdict).toBe('reject');
  });

  it('holds ordinary comments for a human and rejects only clear comment spam', () => {
    expect(autoReview(comment('Çox maraqlı yazıdır, təşəkkürlər!'), seasoned, NOW)).toMatchObject({
      verdict: 'hold',
      score: 0,
    });
    const spam = autoReview(
      comment('casino bonus https://x.example https://y.example https://z.example free money'),
      seasoned,
      NOW,
    );
    expect(spam.verdict).toBe('reject');
  });

  it('caps the score at 100', () => {
    const everything = 'FREE MONEY CASINO CLICK HERE https://a.example '.repeat(30);
    const result = autoReview(article(everything), { ...seasoned, confirmed: false, rating: -1 }, NOW);
    expect(result.score).toBe(100);
  });

  it('does not mark translations as too short (their event carries no text)', () => {
    const result = autoReview(
      { kind: 'translation', title: 'The sound of the old city', description: '', text: '' },
      seasoned,
      NOW,
    );
    expect(result.verdict).toBe('pass');
    expect(result.signals).toEqual([]);
  });
});

describe('rejectionNote', () => {
  it("names up to three reasons in the author's language, az by default", () => {
    expect(rejectionNote(['blocklist', 'linkDensity'], 'en')).toBe(
      'Automatic review: the content looks like spam (blocked phrases, too many links). Fix it and submit it again.',
    );
    expect(rejectionNote(['repeatedText'], 'ru')).toContain('повторяющийся текст');
    expect(rejectionNote(['allCaps', 'tooShort', 'blocklist', 'linkDensity'], '')).toBe(
      'Avtomatik yoxlama: məzmun spam kimi görünür (böyük hərflərlə yazılmış mətn, çox qısa məzmun, qadağan olunmuş ifadələr). Düzəldib yenidən göndərin.',
    );
  });
});
