import { dayParts, payoutLimits, readAmount, supportLimits } from './support.js';

describe('the support screens’ helpers', () => {
  it('reads a typed amount as integer qəpik, or says why it is none', () => {
    expect(readAmount('25')).toEqual({ qepik: 2_500 });
    expect(readAmount('25,5')).toEqual({ qepik: 2_550 });
    expect(readAmount(' ₼ 10.05 ')).toEqual({ qepik: 1_005 });
    expect(readAmount('')).toEqual({ problem: 'amountRequired' });
    expect(readAmount('12.345')).toEqual({ problem: 'amountFormat' });
    expect(readAmount('-5')).toEqual({ problem: 'amountFormat' });
    expect(readAmount('ten')).toEqual({ problem: 'amountFormat' });
  });

  it('names the payout and support limits as each language writes amounts', () => {
    expect(payoutLimits('en')).toEqual({ min: '₼10.00', max: '₼100.00', monthly: '₼100.00' });
    expect(payoutLimits('az').min.replace(/\s/g, ' ')).toBe('10,00 ₼');
    expect(supportLimits('ru').max.replace(/\s/g, ' ')).toBe('100,00 ₼');
  });

  it('reads a YYYY-MM-DD day without a time zone', () => {
    expect(dayParts('2026-12-03')).toEqual({ year: 2026, month: 12, day: 3 });
    expect(dayParts('03.12.2026')).toBeUndefined();
  });
});
