// The support screens' small pure helpers: amounts typed as manats, the payout limits a form states, dates of the
// Asia/Baku calendar the API answers as YYYY-MM-DD. Money is integer qəpik throughout (never a float).
import {
  formatManat,
  parseManat,
  PAYOUT_MAX_QEPIK,
  PAYOUT_MIN_QEPIK,
  PAYOUT_MONTHLY_MAX_QEPIK,
  SUPPORT_MAX_QEPIK,
  SUPPORT_MIN_QEPIK,
} from '@pencraft/rules';

/** What a typed amount is: qəpik, or why it is none. */
export type AmountInput = { qepik: number } | { problem: 'amountRequired' | 'amountFormat' };

/** A field's text as qəpik ("25", "25.5", "25,50", "₼ 25"): required, at most two decimals. */
export function readAmount(text: string): AmountInput {
  const qepik = parseManat(text);
  if (qepik === undefined) return { problem: 'amountRequired' };
  if (!Number.isSafeInteger(qepik)) return { problem: 'amountFormat' };
  return { qepik };
}

/** The limits a payout form names, as the language writes amounts. */
export function payoutLimits(language: string) {
  return {
    min: formatManat(PAYOUT_MIN_QEPIK, language),
    max: formatManat(PAYOUT_MAX_QEPIK, language),
    monthly: formatManat(PAYOUT_MONTHLY_MAX_QEPIK, language),
  };
}

/** The limits of one support. */
export function supportLimits(language: string) {
  return { min: formatManat(SUPPORT_MIN_QEPIK, language), max: formatManat(SUPPORT_MAX_QEPIK, language) };
}

/**
 * A calendar day the API answers as YYYY-MM-DD (a payout's expected date, in Asia/Baku) as its parts, read without a
 * time zone: `new Date('2026-12-03')` is UTC midnight, which the browser west of Greenwich shows as the day before.
 */
export function dayParts(day: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [, year = '', month = '', date = ''] = match;
  return { year: Number(year), month: Number(month), day: Number(date) };
}
