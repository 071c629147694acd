import { describe, expect, it } from '@jest/globals';
import {
  bakuDay,
  bakuMonth,
  cardBrand,
  cardHolderProblem,
  cardLastFour,
  cardNumberProblem,
  eligibilityMissing,
  expectedPayoutDate,
  ledgerAccountName,
  luhnValid,
  normalizeCardHolder,
  normalizeCardNumber,
  payoutMaxNow,
  payoutProblem,
  platformFee,
  recentArticleSince,
  supportAmountProblem,
  supportNoteProblem,
  thanksMessageProblem,
} from './donations.js';

const at = (iso: string) => Date.parse(iso);

describe('Luhn and card numbers', () => {
  it.each(['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117', '79927398713'])(
    '%s passes',
    (digits) => expect(luhnValid(digits)).toBe(true),
  );

  it.each(['4242424242424241', '79927398710', '1234567812345678', '', '42a2'])('%s fails', (digits) =>
    expect(luhnValid(digits)).toBe(false),
  );

  it('accepts spaces and hyphens between groups, nothing else', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(normalizeCardNumber('4242.4242.4242.4242')).toBe('');
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeUndefined();
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe('invalidCardNumber');
    // Luhn-valid but too short or too long.
    expect(cardNumberProblem('79927398713')).toBe('invalidCardNumber');
    expect(cardNumberProblem('4'.repeat(19) + '0')).toBe('invalidCardNumber');
  });

  it('keeps only the last four digits and reads the brand from the prefix', () => {
    expect(cardLastFour('4242 4242 4242 4242')).toBe('4242');
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('2200000000000004')).toBe('mir');
    expect(cardBrand('9999999999999995')).toBeUndefined();
  });
});

describe('card holders', () => {
  it.each(['JOHN DOE', "O'NEIL", 'ANNA-MARIA SMITH', 'J. DOE', 'ELVIN'])('%s is a holder', (holder) =>
    expect(cardHolderProblem(normalizeCardHolder(holder))).toBeUndefined(),
  );

  it.each(['', 'A', 'Ələsgər Məmmədov', 'JOHN DOE1', 'JOHN  DOE', '-JOHN', 'A'.repeat(27), 'JOHN\nDOE'])(
    '%j is not',
    (holder) => expect(cardHolderProblem(holder)).toBe('invalidCardHolder'),
  );

  it('normalizes case and spaces', () => expect(normalizeCardHolder('  john   doe ')).toBe('JOHN DOE'));
});

describe('amounts', () => {
  it('supports from 1 to 100 AZN in whole qəpik', () => {
    expect(supportAmountProblem(100)).toBeUndefined();
    expect(supportAmountProblem(10_000)).toBeUndefined();
    for (const bad of [0, 99, 10_001, -100, 150.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(supportAmountProblem(bad)).toBe('invalidAmount');
    }
  });

  it('takes no fee today and rounds a fee down', () => {
    expect(platformFee(10_000)).toBe(0);
    expect(platformFee(999, 250)).toBe(24);
  });

  const free = { availableQepik: 50_000, monthPayoutsQepik: 0, hasActivePayout: false };

  it('refuses payouts outside 10..100 AZN first', () => {
    expect(payoutProblem(999, free)).toBe('invalidAmount');
    expect(payoutProblem(10_001, free)).toBe('invalidAmount');
    expect(payoutProblem(1000.5, { ...free, hasActivePayout: true })).toBe('invalidAmount');
    expect(payoutProblem(1_000, free)).toBeUndefined();
    expect(payoutProblem(10_000, free)).toBeUndefined();
  });

  it('refuses a second active payout, then the monthly cap, then the balance', () => {
    expect(payoutProblem(1_000, { ...free, hasActivePayout: true })).toBe('hasActivePayout');
    expect(payoutProblem(1_001, { ...free, monthPayoutsQepik: 9_000 })).toBe('monthlyLimit');
    expect(payoutProblem(1_000, { ...free, monthPayoutsQepik: 9_000 })).toBeUndefined();
    expect(payoutProblem(5_000, { ...free, availableQepik: 4_999 })).toBe('insufficientFunds');
    expect(payoutProblem(5_000, { ...free, availableQepik: 5_000 })).toBeUndefined();
  });

  it('says the largest payout allowed now', () => {
    expect(payoutMaxNow(free)).toBe(10_000);
    expect(payoutMaxNow({ ...free, monthPayoutsQepik: 7_000 })).toBe(3_000);
    expect(payoutMaxNow({ ...free, availableQepik: 999 })).toBe(0);
    expect(payoutMaxNow({ ...free, hasActivePayout: true })).toBe(0);
  });
});

describe('messages', () => {
  it('thanks messages are 10..500 characters', () => {
    expect(thanksMessageProblem('Thank you!')).toBeUndefined();
    expect(thanksMessageProblem('Thanks!')).toBe('messageMin');
    expect(thanksMessageProblem('ə'.repeat(500))).toBeUndefined();
    expect(thanksMessageProblem('ə'.repeat(501))).toBe('messageMax');
    expect(thanksMessageProblem('Thank you\nso much')).toBeUndefined();
    expect(thanksMessageProblem('Thank you\u0000!!!')).toBe('messageChars');
  });

  it('notes are optional and short', () => {
    expect(supportNoteProblem('')).toBeUndefined();
    expect(supportNoteProblem('x'.repeat(281))).toBe('noteMax');
  });
});

describe('the Asia/Baku calendar', () => {
  it('puts an instant in its Baku day and month (UTC+4)', () => {
    // 20:00 UTC on 31 January is 00:00 on 1 February in Baku.
    expect(bakuDay(at('2026-01-31T19:59:59.999Z'))).toBe('2026-01-31');
    expect(bakuDay(at('2026-01-31T20:00:00Z'))).toBe('2026-02-01');
    expect(bakuMonth(at('2026-01-31T20:00:00Z'))).toEqual({
      month: '2026-02',
      startMs: at('2026-01-31T20:00:00Z'),
      endMs: at('2026-02-28T20:00:00Z'),
    });
    expect(bakuMonth(at('2026-01-31T19:59:59Z')).month).toBe('2026-01');
    expect(bakuMonth(at('2026-12-31T21:00:00Z'))).toEqual({
      month: '2027-01',
      startMs: at('2026-12-31T20:00:00Z'),
      endMs: at('2027-01-31T20:00:00Z'),
    });
  });

  it('keeps every instant of a month inside its bounds', () => {
    for (let t = at('2025-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += 7 * 3_600_000 + 13_000) {
      const { startMs, endMs, month } = bakuMonth(t);
      expect(startMs <= t && t < endMs).toBe(true);
      expect(bakuDay(startMs).slice(0, 7)).toBe(month);
      expect(bakuDay(endMs - 1).slice(0, 7)).toBe(month);
    }
  });

  it('expects a payout 5 business days after the request day', () => {
    // Monday 2 March 2026 → Monday 9 March.
    expect(expectedPayoutDate(at('2026-03-02T08:00:00Z'))).toBe('2026-03-09');
    // Friday 6 March → Friday 13 March.
    expect(expectedPayoutDate(at('2026-03-06T08:00:00Z'))).toBe('2026-03-13');
    // Saturday and Sunday count as the following Monday's week: → Friday 13 March.
    expect(expectedPayoutDate(at('2026-03-07T08:00:00Z'))).toBe('2026-03-13');
    expect(expectedPayoutDate(at('2026-03-08T08:00:00Z'))).toBe('2026-03-13');
    // Sunday 21:00 UTC is Monday 01:00 in Baku: counted from Monday.
    expect(expectedPayoutDate(at('2026-03-08T21:00:00Z'))).toBe('2026-03-16');
    // Across a month and a year.
    expect(expectedPayoutDate(at('2026-12-29T08:00:00Z'))).toBe('2027-01-05');
    expect(expectedPayoutDate(at('2026-03-02T08:00:00Z'), 1)).toBe('2026-03-03');
  });
});

describe('eligibility', () => {
  const now = at('2026-05-31T12:00:00Z');

  it('goes back three calendar months, clamped to the month end', () => {
    expect(recentArticleSince(now)).toBe(at('2026-02-28T12:00:00Z'));
    expect(recentArticleSince(at('2026-07-15T00:00:00Z'))).toBe(at('2026-04-15T00:00:00Z'));
  });

  it('lists every missing condition', () => {
    const ok = { country: 'AZ', lastPublishedAtMs: at('2026-05-01T00:00:00Z'), phoneVerified: true, nowMs: now };
    expect(eligibilityMissing(ok)).toEqual([]);
    expect(eligibilityMissing({ ...ok, country: 'az' })).toEqual([]);
    expect(eligibilityMissing({ country: '', lastPublishedAtMs: 0, phoneVerified: false, nowMs: now })).toEqual([
      'citizenship',
      'recentArticle',
      'verifiedPhone',
    ]);
    expect(eligibilityMissing({ ...ok, lastPublishedAtMs: at('2026-02-27T00:00:00Z') })).toEqual(['recentArticle']);
  });
});

describe('ledger accounts', () => {
  it('names user and platform accounts', () => {
    expect(ledgerAccountName('available', 'u1')).toBe('user:u1:available');
    expect(ledgerAccountName('providerClearing')).toBe('platform:providerClearing');
  });
});
