// Reader support and payouts (SPEC.md sections 3, 4, 5, 6 and 9): the settings screens, the gateway and the donations
// service count and refuse alike. Money is integer qəpik (100 = 1 AZN), never a float.
import { codePointLength, collapseWhitespace, hasControlCharacters } from './text.js';

/** The smallest and the largest support (SPEC.md section 9: support limit 100 AZN). */
export const SUPPORT_MIN_QEPIK = 100;
export const SUPPORT_MAX_QEPIK = 10_000;
/** A payout request: at least 10 AZN, at most 100 AZN, at most 100 AZN per calendar month (Asia/Baku). */
export const PAYOUT_MIN_QEPIK = 1_000;
export const PAYOUT_MAX_QEPIK = 10_000;
export const PAYOUT_MONTHLY_MAX_QEPIK = 10_000;
/** SPEC.md: payouts are processed in 1-5 business days; the date shown is the last of them. */
export const PAYOUT_BUSINESS_DAYS = 5;
/** The calendar of months and business days. Azerbaijan keeps UTC+4 all year (no DST since 2016). */
export const DONATIONS_TIME_ZONE = 'Asia/Baku';
/** The platform's share of a support, in basis points. SPEC.md names no fee: none today (no platformFee posting). */
export const PLATFORM_FEE_BPS = 0;
/** The "100 AZN sent as support" achievement (SPEC.md section 9). */
export const SUPPORTER_BADGE_QEPIK = 10_000;

export const THANKS_MESSAGE_MIN = 10;
export const THANKS_MESSAGE_MAX = 500;
/** What a new account thanks with until its owner writes their own (at least THANKS_MESSAGE_MIN characters). */
export const THANKS_MESSAGE_DEFAULT = 'Thank you for your support!';
/** A supporter's note to the recipient. */
export const SUPPORT_NOTE_MAX = 280;
/** Payout cards an account may keep. */
export const CARDS_MAX = 5;
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;
export const CARD_HOLDER_MIN = 2;
/** ISO/IEC 7813: the name embossed on a card has at most 26 characters. */
export const CARD_HOLDER_MAX = 26;
/**
 * A card holder's name as embossed: Latin letters, single spaces, hyphens, apostrophes and dots between them,
 * starting with a letter (checked on the upper-cased, collapsed name; PostgreSQL's check reads the same pattern).
 */
export const CARD_HOLDER_PATTERN = "^[A-Z][A-Z.'-]*( [A-Z][A-Z.'-]*)*$";
/** Staff's transfer reference and failure note. */
export const PAYOUT_REFERENCE_MAX = 100;
export const PAYOUT_NOTE_MAX = 500;
/** Support reports: deepest page, and rows of an export. */
export const REPORT_MAX_PAGE = 500;
export const REPORT_EXPORT_MAX = 5_000;

/** Eligibility for a support account (SPEC.md section 6). */
export const ELIGIBILITY_CONDITIONS = ['citizenship', 'recentArticle', 'verifiedPhone'] as const;
export type EligibilityCondition = (typeof ELIGIBILITY_CONDITIONS)[number];
/** Citizenship is read from the profile's country (ISO 3166-1 alpha-2). */
export const ELIGIBILITY_COUNTRY = 'AZ';
export const RECENT_ARTICLE_MONTHS = 3;

/** A support: pending until the provider's webhook, then paid or failed; reversed in full: refunded or disputed. */
export const SUPPORT_STATES = ['pending', 'paid', 'failed', 'refunded', 'disputed'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

/** A payout: requested by the author, processing, then paid or failed by staff. */
export const PAYOUT_STATES = ['requested', 'processing', 'paid', 'failed'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
/** At most one payout of an account in these states at a time (HasActivePayout). */
export const ACTIVE_PAYOUT_STATES: readonly PayoutState[] = ['requested', 'processing'];
/** What counts toward the monthly cap: everything but a failed payout. */
export const MONTHLY_PAYOUT_STATES: readonly PayoutState[] = ['requested', 'processing', 'paid'];
/** The moves staff may make; the same state again is answered as done by the service. */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutState, readonly PayoutState[]>> = {
  requested: ['processing', 'paid', 'failed'],
  processing: ['paid', 'failed'],
  paid: [],
  failed: [],
};

/**
 * What a ledger transaction records. lowerCamel like every closed list of the platform (proto enums map to these
 * names), rather than snake_case.
 */
export const LEDGER_TRANSACTION_KINDS = [
  'supportReceived',
  'platformFee',
  'payoutReserved',
  'payoutPaid',
  'payoutFailedReleased',
  'refund',
  'dispute',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** A user's own ledger accounts (`user:{uid}:available`, `user:{uid}:reserved`). */
export const USER_ACCOUNT_KINDS = ['available', 'reserved'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
/**
 * The platform's accounts: money the provider collected for supports (its balance is minus what it owes authors),
 * fees, payouts sent, and losses from reversals larger than an author's available balance.
 */
export const PLATFORM_ACCOUNT_KINDS = ['providerClearing', 'fees', 'payoutsPaid', 'shortfall'] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];
export const LEDGER_ACCOUNT_KINDS = [...USER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** The account's name as the ledger spells it: `user:{uid}:available`, `platform:fees`. */
export function ledgerAccountName(kind: LedgerAccountKind, uid?: string): string {
  return (USER_ACCOUNT_KINDS as readonly string[]).includes(kind) ? `user:${uid}:${kind}` : `platform:${kind}`;
}

const isWholeQepik = (amount: number) => Number.isSafeInteger(amount);

/** A support's amount: whole qəpik from SUPPORT_MIN_QEPIK to SUPPORT_MAX_QEPIK. */
export function supportAmountProblem(amountQepik: number): 'invalidAmount' | undefined {
  return isWholeQepik(amountQepik) && amountQepik >= SUPPORT_MIN_QEPIK && amountQepik <= SUPPORT_MAX_QEPIK
    ? undefined
    : 'invalidAmount';
}

/** The platform's fee of a support (rounded down: the author never loses a qəpik to rounding). */
export function platformFee(amountQepik: number, feeBps = PLATFORM_FEE_BPS): number {
  return Math.floor((amountQepik * feeBps) / 10_000);
}

export function normalizeThanksMessage(message: string): string {
  return message.trim();
}

export type ThanksMessageProblem = 'messageMin' | 'messageMax' | 'messageChars';

/** A thanks message (normalized first): THANKS_MESSAGE_MIN..THANKS_MESSAGE_MAX characters, no control characters. */
export function thanksMessageProblem(message: string): ThanksMessageProblem | undefined {
  if (hasControlCharacters(message.replace(/\n/g, ' '))) return 'messageChars';
  const length = codePointLength(message);
  if (length < THANKS_MESSAGE_MIN) return 'messageMin';
  if (length > THANKS_MESSAGE_MAX) return 'messageMax';
  return undefined;
}

export function normalizeSupportNote(note: string): string {
  return collapseWhitespace(note);
}

/** A supporter's note (normalized first): empty, or at most SUPPORT_NOTE_MAX characters without control characters. */
export function supportNoteProblem(note: string): 'noteMax' | 'noteChars' | undefined {
  if (hasControlCharacters(note)) return 'noteChars';
  return codePointLength(note) > SUPPORT_NOTE_MAX ? 'noteMax' : undefined;
}

/** The card number's digits: spaces and hyphens between groups are dropped; anything else makes it invalid (''). */
export function normalizeCardNumber(number: string): string {
  const compact = number.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : '';
}

/** The Luhn (mod 10) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as typed: CARD_NUMBER_MIN_DIGITS..CARD_NUMBER_MAX_DIGITS digits passing Luhn. */
export function cardNumberProblem(number: string): 'invalidCardNumber' | undefined {
  const digits = normalizeCardNumber(number);
  return digits.length >= CARD_NUMBER_MIN_DIGITS && digits.length <= CARD_NUMBER_MAX_DIGITS && luhnValid(digits)
    ? undefined
    : 'invalidCardNumber';
}

/** The last four digits, the only part of a number that is ever kept or shown. */
export function cardLastFour(number: string): string {
  return normalizeCardNumber(number).slice(-4);
}

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'maestro', 'unionpay', 'mir'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The brand by the number's prefix (IIN ranges); undefined when none of CARD_BRANDS. */
export function cardBrand(number: string): CardBrand | undefined {
  const digits = normalizeCardNumber(number);
  const prefix = (n: number) => Number(digits.slice(0, n));
  if (/^4/.test(digits)) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (prefix(4) >= 2200 && prefix(4) <= 2204) return 'mir';
  if (/^62/.test(digits)) return 'unionpay';
  if (/^(50|5[6-9]|6)/.test(digits)) return 'maestro';
  return undefined;
}

/** A holder's name as kept: upper case, single spaces. */
export function normalizeCardHolder(holder: string): string {
  return collapseWhitespace(holder).toUpperCase();
}

/** A holder's name (normalized first): CARD_HOLDER_MIN..CARD_HOLDER_MAX characters matching CARD_HOLDER_PATTERN. */
export function cardHolderProblem(holder: string): 'invalidCardHolder' | undefined {
  const length = codePointLength(holder);
  return length >= CARD_HOLDER_MIN && length <= CARD_HOLDER_MAX && new RegExp(CARD_HOLDER_PATTERN).test(holder)
    ? undefined
    : 'invalidCardHolder';
}

/** What a payout request is refused for, the first that applies, in this order. */
export type PayoutProblem = 'invalidAmount' | 'hasActivePayout' | 'monthlyLimit' | 'insufficientFunds';

export interface PayoutContext {
  /** The account's available balance now. */
  availableQepik: number;
  /** Requested, processing and paid payouts of the request's calendar month (Asia/Baku). */
  monthPayoutsQepik: number;
  /** A requested or processing payout exists. */
  hasActivePayout: boolean;
}

/** The payout limits of SPEC.md sections 5 and 9 (InvalidAmount, HasActivePayout, MonthlyPayoutLimitReached, ...). */
export function payoutProblem(amountQepik: number, context: PayoutContext): PayoutProblem | undefined {
  if (!isWholeQepik(amountQepik) || amountQepik < PAYOUT_MIN_QEPIK || amountQepik > PAYOUT_MAX_QEPIK) {
    return 'invalidAmount';
  }
  if (context.hasActivePayout) return 'hasActivePayout';
  if (context.monthPayoutsQepik + amountQepik > PAYOUT_MONTHLY_MAX_QEPIK) return 'monthlyLimit';
  if (amountQepik > context.availableQepik) return 'insufficientFunds';
  return undefined;
}

/** The largest payout the limits allow now (0 when none). */
export function payoutMaxNow(context: PayoutContext): number {
  if (context.hasActivePayout) return 0;
  const max = Math.min(PAYOUT_MAX_QEPIK, PAYOUT_MONTHLY_MAX_QEPIK - context.monthPayoutsQepik, context.availableQepik);
  return max >= PAYOUT_MIN_QEPIK ? max : 0;
}

// --- the Asia/Baku calendar --------------------------------------------------------------------------------------

interface ZonedDate {
  year: number;
  month: number;
  day: number;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
}

const bakuFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: DONATIONS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** The wall-clock parts of an instant in Asia/Baku. */
function bakuParts(atMs: number) {
  const parts: Record<string, number> = {};
  for (const part of bakuFormat.formatToParts(new Date(atMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The offset of Asia/Baku from UTC at an instant, in ms. */
function bakuOffsetMs(atMs: number): number {
  const p = bakuParts(atMs);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(atMs / 1000) * 1000;
}

/** The instant a Asia/Baku calendar day begins. */
function bakuMidnight(year: number, month: number, day: number): number {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - bakuOffsetMs(wall);
  return wall - bakuOffsetMs(guess);
}

function bakuDate(atMs: number): ZonedDate {
  const p = bakuParts(atMs);
  return {
    year: p.year,
    month: p.month,
    day: p.day,
    weekday: new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Asia/Baku calendar day of an instant, YYYY-MM-DD. */
export function bakuDay(atMs: number): string {
  const d = bakuDate(atMs);
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** The Asia/Baku calendar month of an instant: YYYY-MM and its bounds [startMs, endMs). */
export function bakuMonth(atMs: number): { month: string; startMs: number; endMs: number } {
  const d = bakuDate(atMs);
  const next = d.month === 12 ? { year: d.year + 1, month: 1 } : { year: d.year, month: d.month + 1 };
  return {
    month: `${pad(d.year, 4)}-${pad(d.month)}`,
    startMs: bakuMidnight(d.year, d.month, 1),
    endMs: bakuMidnight(next.year, next.month, 1),
  };
}

/**
 * The day a payout requested at an instant is expected by: PAYOUT_BUSINESS_DAYS business days (Monday to Friday,
 * Asia/Baku) after the request's day, YYYY-MM-DD. Public holidays are not counted (no calendar of them is kept).
 */
export function expectedPayoutDate(requestedAtMs: number, businessDays = PAYOUT_BUSINESS_DAYS): string {
  const start = bakuDate(requestedAtMs);
  const day = new Date(Date.UTC(start.year, start.month - 1, start.day));
  let left = businessDays;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
}

/** The instant RECENT_ARTICLE_MONTHS calendar months before `nowMs` (eligibility's window). */
export function recentArticleSince(nowMs: number, months = RECENT_ARTICLE_MONTHS): number {
  const at = new Date(nowMs);
  const target = new Date(at);
  target.setUTCDate(1);
  target.setUTCMonth(at.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return target.getTime();
}

/** The conditions a user misses for a support account (empty: eligible). */
export function eligibilityMissing(facts: {
  country: string;
  lastPublishedAtMs: number;
  phoneVerified: boolean;
  nowMs: number;
}): EligibilityCondition[] {
  const missing: EligibilityCondition[] = [];
  if (facts.country.toUpperCase() !== ELIGIBILITY_COUNTRY) missing.push('citizenship');
  if (!(facts.lastPublishedAtMs > 0 && facts.lastPublishedAtMs >= recentArticleSince(facts.nowMs))) {
    missing.push('recentArticle');
  }
  if (!facts.phoneVerified) missing.push('verifiedPhone');
  return missing;
}
